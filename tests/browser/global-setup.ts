import { fileURLToPath } from 'node:url'
import { buildSpa } from '../../scripts/build-spa.ts'
import { chromiumPath, installHint } from '../e2e/support/chromium'

/**
 * As the e2e project: Chromium must be there and the SPA is built as npm start builds it.
 * BROWSER_PATHS_BUILT=1 reuses a dist/ built by this same tree (re-running one file while writing
 * it); test:paths always builds.
 */
export default function setup(): void {
  if (!chromiumPath()) throw new Error(installHint)
  if (process.env.BROWSER_PATHS_BUILT === '1') return
  buildSpa(fileURLToPath(new URL('../..', import.meta.url)))
}
