import type { AnyStateMachine } from 'xstate'
import { createPathModel, plainEventsOf } from './path-model'
import { eventInWords } from './state-diagram'

/**
 * The machine's generated paths as sentences ("from idle: amount.change → after 750 ms → …"),
 * generated here from the events the chart names; the test suites add payloads to the same events.
 */
export function pathsInWords(machine: AnyStateMachine): string[] {
  const pm = createPathModel(machine, { events: plainEventsOf(machine) })
  return pm.paths.map((path) => {
    const start = path.steps[0] ? pm.serialize(path.steps[0].state) : '?'
    const steps = path.steps
      .slice(1)
      .map((step) => eventInWords(machine, step.event.type))
      .join(' → ')
    return `from ${start}: ${steps || '(start)'}`
  })
}
