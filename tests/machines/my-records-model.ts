/**
 * The profile's records card's path model, shared by the machine and UI tests: the samples of
 * src/flows/fixtures/my-records.ts, which download was asked for and whether the last was saved.
 */
import type { SnapshotFrom } from 'xstate'
import { myRecordsMachine } from '../../src/machines/my-records/my-records.machine'
import { myRecordsEvents } from '../../src/flows/fixtures/my-records'
import { createPathModel } from '../support/model-paths'

type Snapshot = SnapshotFrom<typeof myRecordsMachine>

export function serializeMyRecords(s: Snapshot): string {
  const { context } = s
  return JSON.stringify([s.value, context.format, context.saved, context.failure !== null])
}

export function createMyRecordsPathModel() {
  return createPathModel(myRecordsMachine, {
    events: myRecordsEvents,
    serializeState: serializeMyRecords,
  })
}
