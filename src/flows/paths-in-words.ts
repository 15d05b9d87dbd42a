import type { AnyMachineSnapshot, AnyStateMachine } from 'xstate'
import type { FlowFixtures } from './flow-fixtures'
import { createPathModel } from './path-model'
import { choicesAt } from './simulation'
import { eventInWords } from './state-diagram'

/**
 * The machine's generated paths as sentences ("from idle: amount.change → after 750 ms → …"),
 * walking what the player may choose in each state: the fixtures' samples where events carry
 * data, the events the chart names otherwise. Samples that differ only in their payload read
 * alike here, so a sentence is listed once.
 */
export function pathsInWords(machine: AnyStateMachine, fixtures?: FlowFixtures): string[] {
  const pm = createPathModel(machine, {
    events: (snapshot) =>
      choicesAt(machine, fixtures, snapshot as AnyMachineSnapshot).map((c) => c.event),
    ...(fixtures?.input !== undefined ? { input: fixtures.input } : {}),
  })
  const sentences = pm.paths.map((path) => {
    const start = path.steps[0] ? pm.serialize(path.steps[0].state) : '?'
    const steps = path.steps
      .slice(1)
      .map((step) => eventInWords(machine, step.event.type))
      .join(' → ')
    return `from ${start}: ${steps || '(start)'}`
  })
  return [...new Set(sentences)]
}
