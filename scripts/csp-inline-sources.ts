/**
 * The inline scripts and styles the SPA's libraries insert at run time, captured at build time for
 * the CSP (decision 107): react-calendly's stylesheet and react-gtm-module's loader. Each library,
 * the very file the build bundles, runs in Node against a DOM (jsdom) through its public API, as the
 * browser runs it, and what it inserted is read back; the build writes the result beside its
 * manifest, where the server reads it (server/http/inline-sources.ts). The loader names the tag
 * manager's container, which is a setting of the server: it is kept as the text around the id.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { Plugin } from 'vite'
import {
  inlineSourcesFile,
  sha256Source,
  type InlineSources,
} from '../server/http/inline-sources.ts'

// Container ids are GTM- and capitals or digits: this one cannot be mistaken for the loader's text.
const CONTAINER = 'GTM-CSPCAPTURE0'

interface InsertedElement {
  textContent: string | null
  hasAttribute(name: string): boolean
}

interface CaptureWindow {
  document: { querySelectorAll(selectors: string): Iterable<InsertedElement> }
  close(): void
}

const require = createRequire(import.meta.url)

/** Runs `insert` with a fresh document as the global one, and returns the inline code it added. */
async function inserted(
  insert: () => Promise<void>,
): Promise<{ styles: string[]; scripts: string[] }> {
  // jsdom has no type declarations here; the little this file uses of it is declared above.
  const { JSDOM } = require('jsdom') as {
    JSDOM: new (html: string) => { window: CaptureWindow }
  }
  const { window } = new JSDOM('<!doctype html><html><head></head><body></body></html>')
  const globals = globalThis as { window?: unknown; document?: unknown }
  globals.window = window
  globals.document = window.document
  try {
    await insert()
    const texts = (selectors: string) =>
      [...window.document.querySelectorAll(selectors)]
        .filter((element) => !element.hasAttribute('src'))
        .map((element) => element.textContent ?? '')
    return { styles: texts('style'), scripts: texts('script') }
  } finally {
    delete globals.window
    delete globals.document
    window.close()
  }
}

/**
 * Captures what the libraries insert. `files` are the modules the build bundles for them (as its
 * resolver found them); by default Node's resolution of the same packages.
 */
export async function captureInlineSources(
  files: { calendly?: string; tagManager?: string } = {
    calendly: require.resolve('react-calendly'),
    tagManager: require.resolve('react-gtm-module'),
  },
): Promise<InlineSources> {
  // A query makes a module that ran before in this process run again, inserting again.
  const fresh = (file: string) => `${pathToFileURL(file).href}?csp-capture=${String(Date.now())}`
  const { calendly, tagManager } = files
  // react-calendly inserts its stylesheet when its module runs.
  const styles = calendly
    ? (
        await inserted(async () => {
          await import(fresh(calendly))
        })
      ).styles
    : []
  // react-gtm-module inserts the loader when the app initialises it (consent.actors.ts).
  const scripts = tagManager
    ? (
        await inserted(async () => {
          const module = (await import(fresh(tagManager))) as {
            default: { initialize(options: { gtmId: string }): void }
          }
          module.default.initialize({ gtmId: CONTAINER })
        })
      ).scripts
    : []
  if (calendly && styles.length === 0) throw new Error('react-calendly inserted no stylesheet')
  if (tagManager && scripts.length === 0) throw new Error('react-gtm-module inserted no script')
  return {
    styleHashes: styles.map(sha256Source),
    tagManagerLoaders: scripts.map((script) => {
      const [before, after, ...more] = script.split(CONTAINER)
      if (before === undefined || after === undefined || more.length > 0)
        throw new Error('a tag manager script does not name its container exactly once')
      return { before, after }
    }),
  }
}

/**
 * The Vite plugin: after the SPA's bundle is made, captures what the libraries it contains insert
 * and writes `.vite/csp-inline.json`. A library the bundle does not contain is left out.
 */
export function cspInlineSources(): Plugin {
  let outDir = ''
  let files: { calendly?: string; tagManager?: string } = {}
  return {
    name: 'csp-inline-sources',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir)
    },
    async generateBundle(_options, bundle) {
      const bundled = new Set(
        Object.values(bundle).flatMap((output) =>
          output.type === 'chunk' ? output.moduleIds : [],
        ),
      )
      const fileOf = async (name: string) => {
        const id = (await this.resolve(name))?.id
        return id !== undefined && bundled.has(id) ? id : undefined
      }
      const calendly = await fileOf('react-calendly')
      const tagManager = await fileOf('react-gtm-module')
      files = { ...(calendly ? { calendly } : {}), ...(tagManager ? { tagManager } : {}) }
    },
    // Once the bundle is written: running the libraries takes a second (jsdom), not the bundler's.
    async closeBundle() {
      const sources = await captureInlineSources(files)
      const file = join(outDir, inlineSourcesFile)
      mkdirSync(dirname(file), { recursive: true })
      writeFileSync(file, `${JSON.stringify(sources, null, 2)}\n`)
    },
  }
}
