/** The console entry's path model, shared by the machine and UI tests. */
import { opsConsoleMachine } from '../../src/machines/ops-console/ops-console.machine'
import { opsConsoleEvents } from '../../src/flows/fixtures/ops-console'
import { createPathModel } from '../support/model-paths'

export function createOpsConsolePathModel() {
  return createPathModel(opsConsoleMachine, { events: opsConsoleEvents })
}
