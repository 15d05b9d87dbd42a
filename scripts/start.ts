/**
 * `npm start`: builds the SPA when dist/ is missing or older than its sources (with the flow viewer
 * exactly when FLOWS_VIEWER=1, which the local defaults set), then runs the server in this process
 * (so signals and the exit code are the server's own).
 */
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { hasFlowViewer } from '../server/http/flow-viewer.ts'
import { inlineSourcesFile } from '../server/http/inline-sources.ts'
import { prerendererDir } from '../server/http/prerendered-pages.ts'
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

const dist = join(root, 'dist')
const builtIndex = join(dist, 'index.html')
const sources = [
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
  .map((p) => join(root, p))
  .filter((p) => existsSync(p))
const stale =
  !existsSync(builtIndex) ||
  // A build from before the public pages were prerendered (decision 101) lacks their renderer.
  !existsSync(join(prerendererDir(dist), 'prerender-entry.js')) ||
  Math.max(...sources.map(newestMtime)) > statSync(builtIndex).mtimeMs ||
  // A build from before decision 107 lacks the CSP's inline sources.
  !existsSync(join(dist, inlineSourcesFile)) ||
  // The flow viewer is built exactly when it is named.
  hasFlowViewer(dist) !== (env.FLOWS_VIEWER === '1') ||
  // A development bundle (an earlier build from a shell with NODE_ENV=development) is rebuilt.
  isDevelopmentBuild(dist)

if (stale) {
  console.log('Building the web app (dist/ is missing, older than its sources or not production)…')
  // Always production, even from a shell with NODE_ENV=development (issue 12).
  buildSpa(root, { env })
}

Object.assign(process.env, env)
await import('../server/main.ts')
