import { lingui } from '@lingui/vite-plugin'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'
import { linguiMacros } from './scripts/lingui-macros.ts'

/**
 * One runner, five projects: machines (domain/ rules and machines, pure, node), ui (jsdom + Testing Library),
 * server (real PGlite and PostgreSQL over HTTP), e2e (Chromium against the real server) and browser
 * (the path tests' third level: the machines' paths through the real app in Chromium).
 */
export default defineConfig({
  test: {
    reporters: ['default', './tests/support/closing-line-reporter.ts'],
    projects: [
      {
        // A machine's test may read a view's texts (security-texts.ts), written with the macros.
        plugins: [linguiMacros()],
        test: {
          name: 'machines',
          environment: 'node',
          maxWorkers: 2,
          include: [
            'tests/domain/**/*.test.ts',
            'tests/machines/**/*.test.ts',
            'tests/support/**/*.test.ts',
          ],
        },
      },
      {
        // The views' texts as the build compiles them (decision 116).
        plugins: [linguiMacros(), lingui({ failOnCompileError: true }), react()],
        test: {
          name: 'ui',
          environment: 'jsdom',
          include: ['tests/ui/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/ui/setup.ts'],
          // Two files at once on 2 cores (vitest's default there is one): machines and UI took
          // 272 s instead of 362 s, 435 of 435 passing both ways.
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts'],
          globalSetup: ['tests/server/postgres-global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // These files wait on child servers, PostgreSQL and sockets more than they compute: two
          // at once on 2 cores (vitest's default there is one) took the suite from 467 s to 347 s.
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/e2e/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // One browser and one server at a time on a 2-core machine.
          fileParallelism: false,
        },
      },
      {
        // Its paths read the console's English texts (src/ui/ops/ops-texts.ts), written as macros.
        plugins: [linguiMacros()],
        test: {
          name: 'browser',
          environment: 'node',
          include: ['tests/browser/**/*.test.ts'],
          globalSetup: ['tests/browser/global-setup.ts'],
          testTimeout: 240_000,
          hookTimeout: 180_000,
          // One server and one Chromium per file, one file at a time (2 cores).
          fileParallelism: false,
        },
      },
    ],
  },
})
