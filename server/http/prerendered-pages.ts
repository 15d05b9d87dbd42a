/**
 * The public pages as HTML (decision 101): the build's server renderer (src/prerender-entry.tsx,
 * bundled by Vite beside dist/) renders them once, when the server starts, with the site settings
 * this server answers in GET /api/config; each is then its built document (index.html, or
 * landing.html at /, decision 103) with the page inside its root element, so it paints before any
 * JavaScript has run and the SPA (or at /, the landing's own script) hydrates it.
 */
import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { components } from '../../openapi/main.gen.ts'

/** Where the server renderer of a build in `distDir` is: its sibling `<distDir>-ssr`. */
export function prerendererDir(distDir: string): string {
  return `${distDir.replace(/[\\/]+$/, '')}-ssr`
}

/** A page's language and its addresses in every language (src/prerender-entry.tsx's PageHead). */
interface PageHead {
  lang: string
  title: string
  description: string
  canonical: string
  alternates: { hreflang: string; path: string }[]
}

/** What the bundle of src/prerender-entry.tsx exports. */
interface Prerenderer {
  prerenderedPaths: string[]
  prerender(
    path: string,
    fetchApi: typeof fetch,
  ): Promise<{
    html: string
    status: 200 | 404
    routeFiles: string[]
    template: 'index.html' | 'landing.html'
    head?: PageHead
  }>
  isAppPath(pathname: string): boolean
}

export interface PrerenderedDocument {
  html: string
  /** The CSP source that allows its one inline stylesheet ('sha256-…'). */
  styleHash: string
}

export interface PrerenderedPages {
  /** The whole document of each prerendered path. */
  pages: ReadonlyMap<string, PrerenderedDocument>
  /** The 'Page not found' document, answered with 404 where the SPA has no route. */
  notFound: PrerenderedDocument
  isAppPath(pathname: string): boolean
}

const ROOT = '<div id="root"></div>'

interface ManifestChunk {
  src?: string
  css?: string[]
  imports?: string[]
}

/**
 * The stylesheets of the routes' chunks (and what they import), which the SPA would load only with
 * those chunks: a prerendered page needs them in its head, or it would paint unstyled and shift
 * when they arrive. The entry's own stylesheet is linked by index.html.
 */
function routeStylesheets(manifest: Record<string, ManifestChunk>, routeFiles: string[]): string[] {
  const wanted = new Set(routeFiles)
  const seen = new Set<string>()
  const css = new Set<string>()
  const visit = (key: string) => {
    const chunk = manifest[key]
    if (seen.has(key) || !chunk || key.endsWith('.html')) return
    seen.add(key)
    // What a chunk imports comes first, as the browser would load it: the chunk's own rules win.
    chunk.imports?.forEach(visit)
    chunk.css?.forEach((file) => css.add(file))
  }
  for (const [key, chunk] of Object.entries(manifest))
    if (wanted.has((chunk.src ?? key).split('?')[0] ?? '')) visit(key)
  return [...css]
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/**
 * The template's head in the page's language (docs/product/languages.md): `<html lang>`, title and
 * description, the canonical address and one `hreflang` link per language, all absolute on the
 * site's public URL, so each language's page points at the others and back.
 */
function withPageHead(html: string, head: PageHead, publicUrl: string): string {
  const origin = publicUrl.replace(/\/+$/, '')
  const link = (attributes: string, path: string) =>
    `<link ${attributes} href="${escapeHtml(origin + path)}" />`
  const links = [
    link('rel="canonical"', head.canonical),
    ...head.alternates.map((a) =>
      link(`rel="alternate" hreflang="${escapeHtml(a.hreflang)}"`, a.path),
    ),
  ]
  const replaced = (text: string, pattern: RegExp, by: string) => {
    if (!pattern.test(text)) throw new Error(`the page's template has no ${String(pattern)}`)
    return text.replace(pattern, by)
  }
  let document = replaced(html, /<html lang="[^"]*">/, `<html lang="${escapeHtml(head.lang)}">`)
  document = replaced(document, /<title>[^<]*<\/title>/, `<title>${escapeHtml(head.title)}</title>`)
  document = replaced(
    document,
    /<meta\s+name="description"\s+content="[^"]*"\s*\/>/,
    `<meta name="description" content="${escapeHtml(head.description)}" />`,
  )
  return document.replace('</head>', `${links.join('')}</head>`)
}

function readManifest(distDir: string): Record<string, ManifestChunk> {
  const path = join(distDir, '.vite', 'manifest.json')
  return existsSync(path)
    ? (JSON.parse(readFileSync(path, 'utf8')) as Record<string, ManifestChunk>)
    : {}
}

/**
 * Renders the public pages, or answers null when the build has no server renderer (an SPA built
 * before it existed, or a test's stand-in index.html): every page then starts empty as before.
 */
export async function renderPublicPages(
  distDir: string,
  clientConfig: components['schemas']['ClientConfig'],
  publicUrl: string,
): Promise<PrerenderedPages | null> {
  const entry = join(prerendererDir(distDir), 'prerender-entry.js')
  if (!existsSync(entry)) return null
  const renderer = (await import(pathToFileURL(entry).href)) as Prerenderer
  // The routes ask for the site settings while they load; nothing else is theirs to call here.
  const fetchApi: typeof fetch = (input) => {
    const url = new URL(input instanceof Request ? input.url : String(input))
    if (url.pathname === '/api/config') return Promise.resolve(Response.json(clientConfig))
    return Promise.reject(new Error(`a prerendered page called ${url.pathname}`))
  }
  const manifest = readManifest(distDir)
  const shells = new Map<string, { shell: string; entryCss: string[] }>()
  // A built document (index.html, or the landing's own, decision 103) without its stylesheet links:
  // the entry's stylesheets are inlined with the routes' ones below.
  const shellOf = (template: string) => {
    const known = shells.get(template)
    if (known) return known
    const html = readFileSync(join(distDir, template), 'utf8')
    if (!html.includes(ROOT)) throw new Error(`${distDir}/${template} has no empty ${ROOT}`)
    const links = [...html.matchAll(/<link rel="stylesheet"[^>]*href="\/([^"]+)"[^>]*>/g)]
    const parts = {
      shell: links.reduce((text, [link]) => text.replace(link, ''), html),
      entryCss: links.map(([, file]) => file ?? ''),
    }
    shells.set(template, parts)
    return parts
  }
  const documentOf = (page: {
    html: string
    routeFiles: string[]
    template: string
    head?: PageHead
  }) => {
    const { shell: template, entryCss } = shellOf(page.template)
    const shell = page.head ? withPageHead(template, page.head, publicUrl) : template
    // Inline, not linked: a stylesheet request would hold the first paint for a round trip
    // (decision 101). The pages' CSS is a few KiB, and the CSP allows exactly this text.
    // Once each, in cascade order: a shared chunk's stylesheet (the entry's, say) read again after
    // a route's would override the route's rules.
    const css = [...new Set([...entryCss, ...routeStylesheets(manifest, page.routeFiles)])]
      .map((file) => readFileSync(join(distDir, file), 'utf8').trim())
      .join('\n')
    if (css.includes('</')) throw new Error('a stylesheet holds "</": it cannot be inlined')
    return {
      html: shell
        .replace('</head>', `<style>${css}</style></head>`)
        .replace(ROOT, `<div id="root">${page.html}</div>`),
      styleHash: `'sha256-${createHash('sha256').update(css).digest('base64')}'`,
    }
  }
  const pages = new Map<string, PrerenderedDocument>()
  for (const path of renderer.prerenderedPaths) {
    const page = await renderer.prerender(path, fetchApi)
    if (page.status !== 200)
      throw new Error(`the prerendered page ${path} rendered as ${String(page.status)}`)
    pages.set(path, documentOf(page))
  }
  // Any path without a route renders the same page: the SPA's 'Page not found'.
  const missing = await renderer.prerender('/page-not-found', fetchApi)
  if (missing.status !== 404) throw new Error('/page-not-found has a route: pick another path')
  return {
    pages,
    notFound: documentOf(missing),
    isAppPath: (pathname) => renderer.isAppPath(pathname),
  }
}
