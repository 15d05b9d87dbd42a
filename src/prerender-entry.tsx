/**
 * The public pages as HTML (issue 16, decision 101): the same routes and views the SPA renders,
 * through React's server renderer, as a first-time visitor sees them — signed out, nothing
 * decided, the site's settings as the server answers GET /api/config. Built by Vite as the server
 * bundle (scripts/build-spa.ts) and run once by the API server when it starts (server/http/spa.ts).
 */
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router'
import { renderToString } from 'react-dom/server'
import type { Locale } from '../domain/locale'
import { createAppServices } from './app-services'
import { createApp } from './create-app'
import type { I18n } from '@lingui/core'
import { loadI18n } from './i18n/catalogs'
import { publicCatalog } from './i18n/public-catalog'
import { localeOfPath, pathInLocale } from './i18n/public-paths'
import { LandingDocument } from './landing-document'
import { MemoryStorage } from './memory-storage'
import { loadLanding } from './routes/-landing/landing-chunk'
import { DOCUMENT_HEAD } from './ui/document-head'

/**
 * The sign-in pages a visitor lands on, in each language (docs/product/languages.md): English at
 * these addresses, Polish under /pl.
 */
const BILINGUAL_APP_PAGES = ['/app/login', '/app/register', '/app/forgot-password']

/** The pages a visitor can land on before signing in; everything else needs the browser. */
export const prerenderedPaths = [
  '/',
  '/pl',
  ...BILINGUAL_APP_PAGES,
  ...BILINGUAL_APP_PAGES.map((path) => pathInLocale(path, 'pl')),
]

/** The landing in each language (docs/product/languages.md): its own document at each address. */
const LANDING_PATHS: Record<string, Locale> = { '/': 'en', '/pl': 'pl' }

/**
 * A page's language and the head that says so: its `<html lang>`, title and description, its
 * canonical address and the same page in every language (`hreflang`, x-default English), as paths
 * the server puts after its public URL.
 */
export interface PageHead {
  lang: Locale
  title: string
  description: string
  canonical: string
  alternates: { hreflang: Locale | 'x-default'; path: string }[]
}

export interface PrerenderedPage {
  /** The root element's content. */
  html: string
  status: 200 | 404
  /** The source files of the chunks it shows (its routes', the landing's), whose stylesheets the page needs. */
  routeFiles: string[]
  /** The built document it goes into: the landing's own at / (decision 103), the SPA's elsewhere. */
  template: 'index.html' | 'landing.html'
  /** Set where the page exists in several languages; elsewhere the template's head stays. */
  head?: PageHead
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
  const landingLocale = LANDING_PATHS[path]
  if (landingLocale) return prerenderLanding(landingLocale, fetchApi)
  const { router, auth } = appAt(path, fetchApi)
  try {
    await router.load()
    const html = checked(path, renderToString(<RouterProvider router={router} />))
    const routeFiles = router.state.matches.map((match) => routeFileOf(match.routeId))
    const page: PrerenderedPage = {
      html,
      status: isAppPath(path) ? 200 : 404,
      routeFiles,
      template: 'index.html',
    }
    if (!BILINGUAL_APP_PAGES.includes(pathInLocale(path, 'en'))) return page
    const locale = localeOfPath(path)
    // The catalog the root route rendered with (src/i18n/public-catalog.ts, loaded once).
    return { ...page, head: headOf(pathInLocale(path, 'en'), locale, await publicCatalog(locale)) }
  } finally {
    auth.stop()
  }
}

/**
 * / and /pl are the landing's own document (src/landing-main.tsx), rendered once its chunk and its
 * language's catalog are here, as the browser hydrates it (the language from the address).
 */
async function prerenderLanding(locale: Locale, fetchApi: typeof fetch): Promise<PrerenderedPage> {
  const services = createAppServices(
    {
      storage: new MemoryStorage(),
      storageEvents: noStorageEvents,
      fetch: fetchApi,
      baseUrl: 'http://prerender.invalid',
    },
    { goToHome: () => undefined, goToLogin: () => undefined, reloadPage: () => undefined },
  )
  const [i18n] = await Promise.all([loadI18n(locale, 'landing'), loadLanding()])
  const path = pathInLocale('/', locale)
  if (localeOfPath(path) !== locale) throw new Error(`${path} is not the ${locale} landing`)
  const html = checked(path, renderToString(<LandingDocument services={services} i18n={i18n} />))
  const head = headOf('/', locale, i18n)
  return { html, status: 200, routeFiles: [LANDING_FILE], template: 'landing.html', head }
}

/**
 * The head of a page that exists in every language: the site's title and description in this
 * one, its own address as canonical and the page in each language, x-default English.
 */
function headOf(englishPath: string, locale: Locale, i18n: I18n): PageHead {
  return {
    lang: locale,
    title: i18n._(DOCUMENT_HEAD.title),
    description: i18n._(DOCUMENT_HEAD.description),
    canonical: pathInLocale(englishPath, locale),
    alternates: [
      { hreflang: 'en', path: pathInLocale(englishPath, 'en') },
      { hreflang: 'pl', path: pathInLocale(englishPath, 'pl') },
      { hreflang: 'x-default', path: pathInLocale(englishPath, 'en') },
    ],
  }
}

/**
 * A view that fails on the server is left to the browser inside its Suspense boundary (React's
 * '<!--$!-->' marker): a prerendered page must not hide that.
 */
function checked(path: string, html: string): string {
  if (html.includes('<!--$!-->')) throw new Error(`${path} did not render on the server: ${html}`)
  return html
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
