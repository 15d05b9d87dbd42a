import { execFileSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { chromiumPath, installHint } from './support/chromium'

/** Browser tests need Chromium and the built SPA; without Chromium the run fails, it never skips. */
export default function setup(): void {
  if (!chromiumPath()) throw new Error(installHint)
  const root = fileURLToPath(new URL('../..', import.meta.url))
  execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
    // Vitest runs with NODE_ENV=test, which would make Vite build React's development bundles.
    env: { ...process.env, NODE_ENV: 'production' },
  })
}
