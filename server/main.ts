/**
 * Starts the API server and the SPA on the configured port: `node dist-server/server/main.js` once
 * compiled (`npm run build`), as `npm start` and production run it.
 */
import { fileURLToPath } from 'node:url'
import { loadConfig, ConfigError, type Config } from './config.ts'
import { DataDirInUse } from './db/data-dir-lock.ts'
import { startServer, type RunningServer } from './server.ts'

let config: Config
try {
  config = loadConfig()
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(`Configuration error: ${error.message}`)
    process.exit(1)
  }
  throw error
}

// The built SPA is dist/ at the repository's root: above server/ here, and above
// dist-server/server/ once compiled (npm run build, decision 107).
const root = new URL(import.meta.url.endsWith('.js') ? '../../' : '../', import.meta.url)

let server: RunningServer
try {
  server = await startServer(config, { spaDir: fileURLToPath(new URL('dist', root)) })
} catch (error) {
  if (error instanceof DataDirInUse) {
    console.error(`Cannot start: ${error.message}`)
    process.exit(1)
  }
  throw error
}
console.log(`Server listening on ${server.url} (public URL ${config.publicUrl})`)

/**
 * SIGTERM drains (decision 091): no new connections, readiness 503, requests in flight answered,
 * the job being run finished and the rest of the claim handed back (106). Under the 30 s an
 * orchestrator usually allows, whatever still hangs is cut off so the node does not linger
 * half-stopped.
 */
const drainDeadlineMs = 25_000
let stopping = false
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return
    stopping = true
    setTimeout(() => {
      console.error(`Stopping took over ${drainDeadlineMs / 1000} s: exiting anyway`)
      process.exit(1)
    }, drainDeadlineMs).unref()
    server.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error)
        process.exit(1)
      },
    )
  })
}
