/**
 * `npm run build`: what production runs (decision 107): the SPA (dist/, dist-ssr/, and the flow
 * viewer's dist-flows/ only when FLOWS_VIEWER=1 names it) and the server compiled to JavaScript
 * (dist-server/), which `node dist-server/server/main.js` runs without any development dependency.
 */
import { fileURLToPath } from 'node:url'
import { buildServer } from './build-server.ts'
import { buildSpa } from './build-spa.ts'

const root = fileURLToPath(new URL('..', import.meta.url))
buildSpa(root)
buildServer(root)
