/**
 * The inline scripts and styles the SPA's libraries insert at run time, as the build captured them
 * (scripts/csp-inline-sources.ts, decision 107): the CSP allows exactly these, by their hashes.
 */
import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

export interface InlineSources {
  /** CSP sources (`'sha256-…'`) of the stylesheets the bundle inserts (react-calendly's). */
  styleHashes: string[]
  /** The tag manager's inline loaders (react-gtm-module's), as the text around the container id. */
  tagManagerLoaders: { before: string; after: string }[]
}

/** Where a build keeps them: beside Vite's manifest in dist/. */
export const inlineSourcesFile = '.vite/csp-inline.json'

export const noInlineSources: InlineSources = { styleHashes: [], tagManagerLoaders: [] }

/** The CSP source of one inline script or stylesheet: the hash of its exact text. */
export function sha256Source(text: string): string {
  return `'sha256-${createHash('sha256').update(text).digest('base64')}'`
}

/** What the build in `distDir` inserts; nothing where there is no build (an API-only server). */
export function readInlineSources(distDir: string | undefined): InlineSources {
  const file = distDir === undefined ? undefined : join(distDir, inlineSourcesFile)
  if (file === undefined || !existsSync(file)) return noInlineSources
  return JSON.parse(readFileSync(file, 'utf8')) as InlineSources
}

/** The loaders' CSP sources for the configured container. */
export function tagManagerLoaderHashes(sources: InlineSources, containerId: string): string[] {
  return sources.tagManagerLoaders.map(({ before, after }) =>
    sha256Source(before + containerId + after),
  )
}
