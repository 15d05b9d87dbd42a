/**
 * The public pages as HTML (decision 101): the build's server renderer (src/prerender-entry.tsx,
 * bundled by Vite beside dist/) renders them once, when the server starts, with the site settings
 * this server answers in GET /api/config; each is then the built index.html with the page inside
 * its root element, so it paints before any JavaScript has run and the SPA hydrates it.
 */
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { components } from '../../openapi/main.gen.ts'

/** Where the server renderer of a build in `distDir` is: its sibling `<distDir>-ssr`. */
export function prerendererDir(distDir: string): string {
  return `${distDir.replace(/[\\/]+$/, '')}-ssr`
}

/** What the bundle of src/prerender-entry.tsx exports. */
interface Prerenderer {
  prerenderedPaths: string[]
  prerender(
    path: string,
    fetchApi: typeof fetch,
  ): Promise<{ html: string; status: 200 | 404; routeFiles: string[] }>
  isAppPath(pathname: string): boolean
}

export interface PrerenderedPages {
  /** The whole document of a prerendered path, if it is one. */
  page(pathname: string): string | undefined
  /** The 'Page not found' document, answered with 404 where the SPA has no route. */
  notFound: string
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
 * those chunks: a prerendered page links them in its head, or it would paint unstyled and shift
 * when they arrive. The entry's own stylesheet is in index.html already.
 */
function routeStylesheets(manifest: Record<string, ManifestChunk>, routeFiles: string[]): string[] {
  const wanted = new Set(routeFiles)
  const seen = new Set<string>()
  const css = new Set<string>()
  const visit = (key: string) => {
    const chunk = manifest[key]
    if (seen.has(key) || !chunk || key === 'index.html') return
    seen.add(key)
    chunk.css?.forEach((file) => css.add(file))
    chunk.imports?.forEach(visit)
  }
  for (const [key, chunk] of Object.entries(manifest))
    if (wanted.has((chunk.src ?? key).split('?')[0] ?? '')) visit(key)
  return [...css]
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
): Promise<PrerenderedPages | null> {
  const entry = join(prerendererDir(distDir), 'prerender-entry.js')
  if (!existsSync(entry)) return null
  const template = readFileSync(join(distDir, 'index.html'), 'utf8')
  if (!template.includes(ROOT)) throw new Error(`${distDir}/index.html has no empty ${ROOT}`)
  const renderer = (await import(pathToFileURL(entry).href)) as Prerenderer
  // The routes ask for the site settings while they load; nothing else is theirs to call here.
  const fetchApi: typeof fetch = (input) => {
    const url = new URL(input instanceof Request ? input.url : String(input))
    if (url.pathname === '/api/config') return Promise.resolve(Response.json(clientConfig))
    return Promise.reject(new Error(`a prerendered page called ${url.pathname}`))
  }
  const manifest = readManifest(distDir)
  const documentOf = ({ html, routeFiles }: { html: string; routeFiles: string[] }) => {
    const links = routeStylesheets(manifest, routeFiles)
      .map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`)
      .join('')
    return template
      .replace('</head>', `${links}</head>`)
      .replace(ROOT, `<div id="root">${html}</div>`)
  }
  const pages = new Map<string, string>()
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
    page: (pathname) => pages.get(pathname),
    notFound: documentOf(missing),
    isAppPath: (pathname) => renderer.isAppPath(pathname),
  }
}
