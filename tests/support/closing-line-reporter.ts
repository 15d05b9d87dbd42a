import type { Reporter, TestModule } from 'vitest/node'

/**
 * Ends the run with the plain line 'N passed, N failed, N skipped', which CI reads to know that
 * tests really ran; a run that executed no test fails instead of passing silently.
 */
export default class ClosingLineReporter implements Reporter {
  onTestRunEnd(testModules: readonly TestModule[]): void {
    let passed = 0
    let failed = 0
    let skipped = 0
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state
        if (state === 'passed') passed++
        else if (state === 'failed') failed++
        else skipped++
      }
    }
    console.log(`\nvitest: ${passed} passed, ${failed} failed, ${skipped} skipped`)
    if (passed + failed === 0) {
      console.error('vitest: no test was executed; a run that tests nothing is a failure')
      process.exitCode = 1
    }
  }
}
