/**
 * The verification charts' path model (KYC and KYB share it), for the machine and UI tests: the
 * samples of src/flows/fixtures/verification.ts, and whether the verification is completed.
 */
import type { SnapshotFrom } from 'xstate'
import type { VerificationMachine } from '../../src/machines/verification/verification.machine'
import { isCompleted } from '../../src/machines/verification/verification-status'
import { verificationEvents } from '../../src/flows/fixtures/verification'
import { createPathModel } from '../support/model-paths'

type Snapshot = SnapshotFrom<VerificationMachine>

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
