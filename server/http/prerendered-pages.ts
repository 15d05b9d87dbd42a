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
  prerender(path: string, fetchApi: typeof fetch): Promise<{ html: string; status: 200 | 404 }>
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
  const documentOf = (html: string) => template.replace(ROOT, `<div id="root">${html}</div>`)
  const pages = new Map<string, string>()
  for (const path of renderer.prerenderedPaths) {
    const { html, status } = await renderer.prerender(path, fetchApi)
    if (status !== 200)
      throw new Error(`the prerendered page ${path} rendered as ${String(status)}`)
    pages.set(path, documentOf(html))
  }
  // Any path without a route renders the same page: the SPA's 'Page not found'.
  const missing = await renderer.prerender('/page-not-found', fetchApi)
  if (missing.status !== 404) throw new Error('/page-not-found has a route: pick another path')
  return {
    page: (pathname) => pages.get(pathname),
    notFound: documentOf(missing.html),
    isAppPath: (pathname) => renderer.isAppPath(pathname),
  }
}
