/**
 * `npm start`: builds what is missing or older than its sources — the SPA (dist/, dist-ssr/, and
 * with FLOWS_VIEWER=1, which the local defaults set, the flow viewer in dist-flows/) and the
 * compiled server (dist-server/) — then runs the server as production runs it: plain Node on the
 * compiled JavaScript (decision 107). Signals reach it and its exit code is this script's.
 */
import { spawn } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { constants } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { hasFlowViewer } from '../server/http/flow-viewer.ts'
import { inlineSourcesFile } from '../server/http/inline-sources.ts'
import { prerendererDir } from '../server/http/prerendered-pages.ts'
import { buildServer, compiledServerEntry } from './build-server.ts'
import { buildSpa, isDevelopmentBuild } from './build-spa.ts'
import { withLocalDefaults } from './local-defaults.ts'

const root = fileURLToPath(new URL('..', import.meta.url))
const env = withLocalDefaults(process.env)

function newestMtime(path: string): number {
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.mtimeMs
  let newest = stat.mtimeMs
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)))
  return newest
}

/** True when `built` is missing or older than any of `sources`. */
function olderThan(built: string, sources: string[]): boolean {
  if (!existsSync(built)) return true
  const present = sources.map((p) => join(root, p)).filter((p) => existsSync(p))
  return Math.max(...present.map(newestMtime)) > statSync(built).mtimeMs
}

const dist = join(root, 'dist')
const spaSources = [
  'src',
  'public',
  'index.html',
  'landing.html',
  'flows.html',
  'vite.config.ts',
  'vite.flows.config.ts',
  'scripts/csp-inline-sources.ts',
  'package-lock.json',
]
const spaStale =
  olderThan(join(dist, 'index.html'), spaSources) ||
  // A build from before the public pages were prerendered (decision 101) lacks their renderer, one
  // from before decision 107 the CSP's inline sources.
  !existsSync(join(prerendererDir(dist), 'prerender-entry.js')) ||
  !existsSync(join(dist, inlineSourcesFile)) ||
  // The flow viewer is built exactly when it is named.
  hasFlowViewer(dist) !== (env.FLOWS_VIEWER === '1') ||
  // A development bundle (an earlier build from a shell with NODE_ENV=development) is rebuilt.
  isDevelopmentBuild(dist)
if (spaStale) {
  console.log('Building the web app (dist/ is missing, older than its sources or not production)…')
  // Always production, even from a shell with NODE_ENV=development (issue 12).
  buildSpa(root, { env })
}

const serverSources = [
  'server',
  'domain',
  'openapi',
  'tsconfig.base.json',
  'tsconfig.build-server.json',
  'package-lock.json',
]
if (olderThan(compiledServerEntry(root), serverSources)) {
  console.log('Compiling the server (dist-server/ is missing or older than its sources)…')
  buildServer(root)
}

const server = spawn(process.execPath, [compiledServerEntry(root)], { stdio: 'inherit', env })
// Ctrl-C reaches the server from the terminal too; it stops once however often it is told.
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    server.kill(signal)
  })
server.on('exit', (code, signal) => {
  process.exitCode = code ?? (signal ? 128 + constants.signals[signal] : 1)
})
