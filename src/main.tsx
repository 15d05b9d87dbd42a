import { startTransition, StrictMode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { RouterProvider } from '@tanstack/react-router'
import { browserStorage } from './browser-storage'
import { createApp } from './create-app'
import { inspectFlows, listenForFlowViewers } from './flows/live-inspector'
import { SPLASH_MS } from './machines/splash/splash.machine'
import './ui/global.css'

const rootElement = document.getElementById('root')
// A missing root element is a technical error, not something to paper over
// (docs/product/errors.md#application-errors).
if (!rootElement) throw new Error('The page has no #root element to render the application into')

// A prerendered page (decision 101) is already on screen (/ has a document of its own, decision
// 103: src/landing-main.tsx).
const prerendered = rootElement.hasChildNodes()
const { router } = createApp({
  storage: browserStorage(),
  storageEvents: window,
  reloadPage: (href) => {
    window.location.replace(href)
  },
  // Every actor reports its state, so a flow viewer (/flows) open in any tab can show it live.
  inspect: inspectFlows,
  // The prerendered splash has shown since the page began to load: its 750 ms count from then,
  // not from when this script ran (docs/product/limits.md#landing-splash).
  ...(prerendered ? { delays: { splash: () => Math.max(0, SPLASH_MS - performance.now()) } } : {}),
})
listenForFlowViewers()

const app = (
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>
)
if (prerendered) {
  // Once the route has loaded (its chunk, the settings, the auth check), React takes over the
  // prerendered markup instead of replacing it. Marked as server-rendered, the router renders the
  // tree the server rendered (no Suspense boundary around the root route); no dehydrated data
  // comes with it: the routes load again.
  router.ssr = { manifest: undefined }
  // The routes that were prerendered hand over what was typed before (src/routes/-page-alive.ts).
  document.documentElement.dataset.prerendered = ''
  const path = window.location.pathname
  void router.load().then(() => {
    if (router.state.location.pathname === path) {
      // As a transition, hydration yields to the browser every few milliseconds instead of holding
      // the main thread for the whole tree: the page, already painted, stays responsive.
      startTransition(() => {
        hydrateRoot(rootElement, app)
      })
      return
    }
    // The route sent the visitor elsewhere (signed in, /app/login leads to /app): that page was
    // not prerendered, so it is rendered afresh rather than hydrated over another page's markup.
    router.ssr = undefined
    rootElement.replaceChildren()
    createRoot(rootElement).render(app)
  })
} else {
  createRoot(rootElement).render(app)
}
