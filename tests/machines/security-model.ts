/**
 * The Security section's path model (src/machines/security/security.machine.ts), shared by the
 * machine, UI and browser tests: the section's own event, made to happen twice in a row by two
 * cards — the password changed behind the step-up dialog, then the authenticator app turned on —
 * so every level runs the step-up protocol between the section's actors.
 */
import { securityEvents } from '../../src/flows/fixtures/security'
import { securityMachine } from '../../src/machines/security/security.machine'
import { createPathModel } from '../support/model-paths'

/** Which card makes the section's n-th `security.changed` happen (0-based). */
export const changeMadeBy = (n: number) => (n === 0 ? 'password' : 'authenticatorApp')

export function createSecurityPathModel() {
  return createPathModel(securityMachine, {
    events: securityEvents,
    scenarios: [[...securityEvents, ...securityEvents]],
  })
}
