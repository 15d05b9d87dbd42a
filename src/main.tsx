import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from '@tanstack/react-router'
import { createApp } from './create-app'
import { inspectFlows, listenForFlowViewers } from './flows/live-inspector'
import './ui/global.css'

const rootElement = document.getElementById('root')
// A missing root element is a technical error, not something to paper over
// (docs/product/errors.md#application-errors).
if (!rootElement) throw new Error('The page has no #root element to render the application into')

const { router } = createApp({
  storage: window.localStorage,
  storageEvents: window,
  reloadPage: (href) => {
    window.location.replace(href)
  },
  // Every actor reports its state, so a flow viewer (/flows) open in any tab can show it live.
  inspect: inspectFlows,
})
listenForFlowViewers()

createRoot(rootElement).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
)
