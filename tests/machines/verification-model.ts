/**
 * The verification charts' path model (KYC and KYB share it), for the machine and UI tests:
 * statuses as the server and the widget report them (every button label), both outcomes of every token request, the
 * token expiring in the widget, Exit, and the 60 s poll as the machine's named delay.
 */
import type { SnapshotFrom } from 'xstate'
import type { VerificationMachine } from '../../src/machines/verification/verification.machine'
import {
  isCompleted,
  type VerificationStatus,
} from '../../src/machines/verification/verification-status'
import { createPathModel, plainEventsOf, type AnyEventObject } from '../support/model-paths'

type Snapshot = SnapshotFrom<VerificationMachine>

export const statuses = {
  notStarted: { reviewStatus: null, reviewAnswer: null },
  init: { reviewStatus: 'init', reviewAnswer: null },
  pending: { reviewStatus: 'pending', reviewAnswer: null },
  approved: { reviewStatus: 'completed', reviewAnswer: 'GREEN' },
  rejected: { reviewStatus: 'completed', reviewAnswer: 'RED' },
} satisfies Record<string, VerificationStatus>

export const tokens = { first: 'sbx-token-1', renewed: 'sbx-token-2' }

export function verificationEvents(machine: VerificationMachine) {
  const plain = plainEventsOf(machine).filter(
    (e) =>
      ['verification.start', 'widget.exit', 'widget.tokenExpired'].includes(e.type) ||
      e.type.startsWith('xstate.after.poll'),
  )
  return (s: Snapshot): AnyEventObject[] => {
    const { status } = s.context
    const completed = isCompleted(status)
    // Server answers move forward: not started → init (Continue) or rejected, init → approved;
    // once completed the answer stays what it is.
    const answers = completed
      ? [status]
      : status.reviewStatus === 'init'
        ? [statuses.approved]
        : [statuses.init, statuses.rejected]
    // What the widget reports while the customer works in it: submitted (pending), or reviewed.
    const reports = completed
      ? []
      : status.reviewStatus === 'pending'
        ? [statuses.approved]
        : [statuses.pending, statuses.approved]
    return [
      ...plain,
      ...answers.map((output) => ({ type: 'xstate.done.actor.fetchStatus', output })),
      { type: 'xstate.error.actor.fetchStatus', error: new Error('503') },
      ...reports.map((report) => ({ type: 'widget.statusChanged', ...report })),
      { type: 'xstate.done.actor.fetchToken', output: tokens.first },
      { type: 'xstate.error.actor.fetchToken', error: new Error('503') },
      { type: 'xstate.done.actor.renewToken', output: tokens.renewed },
      { type: 'xstate.error.actor.renewToken', error: new Error('503') },
    ]
  }
}

/** The states, and whether the verification is completed (which decides whether it can start). */
export function serializeVerification(s: Snapshot): string {
  return JSON.stringify([s.value, isCompleted(s.context.status)])
}

export function createVerificationPathModel(machine: VerificationMachine) {
  return createPathModel(machine, {
    events: verificationEvents(machine),
    serializeState: serializeVerification,
  })
}
