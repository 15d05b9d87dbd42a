import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { FlowsPage } from './flows-viewer/flows-page'
import './ui/global.css'

/** The flow viewer's document (flows.html), built only with FLOWS_VIEWER=1 (decision 107). */
const rootElement = document.getElementById('root')
if (!rootElement) throw new Error('The page has no #root element to render the flow viewer into')
createRoot(rootElement).render(
  <StrictMode>
    <FlowsPage />
  </StrictMode>,
)
