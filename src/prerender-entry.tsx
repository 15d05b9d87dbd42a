/**
 * The public pages as HTML (issue 16, decision 101): the same routes and views the SPA renders,
 * through React's server renderer, as a first-time visitor sees them — signed out, nothing
 * decided, the site's settings as the server answers GET /api/config. Built by Vite as the server
 * bundle (scripts/build-spa.ts) and run once by the API server when it starts (server/http/spa.ts).
 */
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router'
import { renderToString } from 'react-dom/server'
import { createApp } from './create-app'
import { MemoryStorage } from './memory-storage'
import { loadLanding } from './routes/-landing/landing-chunk'

/** The pages a visitor can land on before signing in; everything else needs the browser. */
export const prerenderedPaths = ['/', '/app/login', '/app/register', '/app/forgot-password']

export interface PrerenderedPage {
  /** The root element's content. */
  html: string
  status: 200 | 404
  /** The source files of the chunks it shows (its routes', the landing's), whose stylesheets the page needs. */
  routeFiles: string[]
}

/** The landing's own chunk (src/routes/-landing/landing-chunk.ts loads it). */
const LANDING_FILE = 'src/routes/-landing/landing.tsx'

/** A file route's source file, from its id ('/app/register/' → src/routes/app/register/index.tsx). */
const routeFileOf = (routeId: string) =>
  routeId === '__root__'
    ? 'src/routes/__root.tsx'
    : `src/routes${routeId.endsWith('/') ? `${routeId}index` : routeId}.tsx`

const noStorageEvents = { addEventListener: () => undefined, removeEventListener: () => undefined }

function appAt(path: string, fetchApi: typeof fetch) {
  return createApp({
    storage: new MemoryStorage(),
    storageEvents: noStorageEvents,
    reloadPage: () => undefined,
    history: createMemoryHistory({ initialEntries: [path] }),
    fetch: fetchApi,
    // Requests never leave the process: fetchApi answers them (the server's own handlers).
    baseUrl: 'http://prerender.invalid',
  })
}

/**
 * Renders one path after its route has loaded (its chunk, loader and auth check), as HTML for the
 * root element; `fetchApi` answers the API calls the routes make while loading.
 */
export async function prerender(path: string, fetchApi: typeof fetch): Promise<PrerenderedPage> {
  const { router, auth } = appAt(path, fetchApi)
  try {
    await router.load()
    // The landing comes in a chunk of its own: rendered under the splash once it is there.
    if (path === '/') await loadLanding()
    const html = renderToString(<RouterProvider router={router} />)
    // A view that fails on the server is left to the browser inside its Suspense boundary
    // (React's '<!--$!-->' marker): a prerendered page must not hide that.
    if (html.includes('<!--$!-->')) throw new Error(`${path} did not render on the server: ${html}`)
    const routeFiles = router.state.matches.map((match) => routeFileOf(match.routeId))
    if (path === '/') routeFiles.push(LANDING_FILE)
    return { html, status: isAppPath(path) ? 200 : 404, routeFiles }
  } finally {
    auth.stop()
  }
}

/** True when the SPA has a route for this path (otherwise the server answers 'Page not found'). */
export function isAppPath(pathname: string): boolean {
  // TanStack Router marks the match that shows 'Page not found' (its notFoundMode is fuzzy: the
  // deepest matching layout shows it); tests/e2e/prerendered-pages.test.ts holds it to that.
  return !matcher
    .matchRoutes(pathname)
    .some((match) => (match as { _notFound?: boolean })._notFound)
}

// Matching needs the route tree only: this router never loads, renders or fetches.
const matcherApp = appAt('/', () => Promise.reject(new Error('the matcher fetches nothing')))
matcherApp.auth.stop()
const matcher = matcherApp.router
