import { fileURLToPath } from 'node:url'
import { buildSpa } from '../../scripts/build-spa.ts'
import { chromiumPath, installHint } from './support/chromium'

/** Browser tests need Chromium and the built SPA; without Chromium the run fails, it never skips. */
export default function setup(): void {
  if (!chromiumPath()) throw new Error(installHint)
  // As npm start builds it (Vitest's NODE_ENV=test must not give React's development bundles),
  // with the flow viewer, which only adds dist-flows/ (decision 107).
  buildSpa(fileURLToPath(new URL('../..', import.meta.url)), {
    env: { ...process.env, FLOWS_VIEWER: '1' },
  })
}
