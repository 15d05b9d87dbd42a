import { startTransition, StrictMode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { createAppServices } from './app-services'
import { browserStorage } from './browser-storage'
import { inspectFlows, listenForFlowViewers } from './flows/live-inspector'
import { loadI18n } from './i18n/catalogs'
import { localeOfPath } from './i18n/public-paths'
import { LandingDocument, landingNavigation } from './landing-document'
import { SPLASH_MS } from './machines/splash/splash.machine'
import { loadLanding } from './routes/-landing/landing-chunk'
import './ui/global.css'

const rootElement = document.getElementById('root')
// A missing root element is a technical error, not something to paper over
// (docs/product/errors.md#application-errors).
if (!rootElement) throw new Error('The page has no #root element to render the landing into')

// The prerendered splash (decision 101) is on screen since the page began to load.
const prerendered = rootElement.hasChildNodes()
const services = createAppServices(
  {
    storage: browserStorage(),
    storageEvents: window,
    // Every actor reports its state, so a flow viewer (/flows) open in any tab can show it live.
    inspect: inspectFlows,
    // Its 750 ms count from then, not from when this script ran
    // (docs/product/limits.md#landing-splash).
    ...(prerendered
      ? { delays: { splash: () => Math.max(0, SPLASH_MS - performance.now()) } }
      : {}),
  },
  landingNavigation(window.location),
)
services.auth.start()
listenForFlowViewers()

// The page's language is its address's (/ English, /pl Polish), as the server rendered it; only
// that language's landing catalog loads (docs/product/languages.md).
const locale = localeOfPath(window.location.pathname)
const i18n = loadI18n(locale, 'landing')
// The prerendered document says it already; the development server's template does not.
document.documentElement.lang = locale
const pageIn = (loaded: Awaited<typeof i18n>) => (
  <StrictMode>
    <LandingDocument services={services} i18n={loaded} />
  </StrictMode>
)
if (prerendered) {
  // Hydrated once the landing's chunk and the catalog are here, so React renders what the server
  // rendered.
  document.documentElement.dataset.prerendered = ''
  void Promise.all([i18n, loadLanding()]).then(
    ([loaded]) => {
      const page = pageIn(loaded)
      // As a transition, hydration yields to the browser every few milliseconds (src/main.tsx).
      startTransition(() => {
        hydrateRoot(rootElement, page)
      })
    },
    // The chunk could not load: the page renders afresh, and shows the application error page.
    // Without its catalog the page cannot say anything: that is the error React reports.
    (error: unknown) => {
      rootElement.replaceChildren()
      void i18n.then(
        (loaded) => {
          createRoot(rootElement).render(pageIn(loaded))
        },
        () => {
          throw error
        },
      )
    },
  )
} else {
  void i18n.then((loaded) => {
    createRoot(rootElement).render(pageIn(loaded))
  })
}
