import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate'
import { errorTypeOf } from '../../api/api-call'

/** The two downloads: requests and payments as CSV, everything held as JSON. */
export type RecordsFormat = 'csv' | 'json'

export const recordsFiles: Record<RecordsFormat, { fileName: string; type: string }> = {
  csv: { fileName: 'my-records.csv', type: 'text/csv' },
  json: { fileName: 'my-data.json', type: 'application/json' },
}

export interface MyRecordsContext {
  /** The download under way, or the last one. */
  format: RecordsFormat | null
  /** The last download was saved. */
  saved: boolean
  failure: { errorType: string } | null
}

export type MyRecordsEvent = { type: 'records.download'; format: RecordsFormat }

/**
 * The customer's own records on the profile (docs/product/screens.md#your-records): each button
 * asks the server for the file and hands it to the browser to save. One download at a time; a
 * refusal (the hourly limit) or a failure is said beside the buttons.
 */
export const myRecordsMachine = setup({
  types: {} as { context: MyRecordsContext; events: MyRecordsEvent },
  actors: {
    /** GET /api/users/me/export.csv or /api/users/me/export.json, as text. */
    downloadRecords: fromPromise<string, { format: RecordsFormat }>(() => {
      throw new Error('myRecords: the downloadRecords actor was not provided')
    }),
  },
  actions: {
    /** Provided by the route: the browser saves the file. */
    saveFile: (_, _params: { text: string; fileName: string; type: string }) => undefined,
    start: assign((_, params: { format: RecordsFormat }) => ({
      format: params.format,
      saved: false,
      failure: null,
    })),
    saved: assign({ saved: true }),
    fail: assign((_, params: { error: unknown }) => ({
      failure: { errorType: errorTypeOf(params.error) },
    })),
  },
}).createMachine({
  id: 'myRecords',
  description: 'Downloading my requests and payments (CSV) or all my data (JSON)',
  context: { format: null, saved: false, failure: null },
  initial: 'idle',
  states: {
    idle: {
      description: 'The two download buttons, with what the last download did.',
      on: {
        'records.download': {
          target: 'downloading',
          actions: { type: 'start', params: ({ event }) => ({ format: event.format }) },
        },
      },
    },
    downloading: {
      description: 'The file is being made by the server; both buttons wait.',
      invoke: {
        id: 'downloadRecords',
        src: 'downloadRecords',
        input: ({ context }) => ({ format: context.format ?? 'csv' }),
        onDone: {
          target: 'idle',
          actions: [
            {
              type: 'saveFile',
              params: ({ context, event }) => ({
                text: event.output,
                ...recordsFiles[context.format ?? 'csv'],
              }),
            },
            'saved',
          ],
        },
        onError: {
          target: 'idle',
          actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
  },
})

export type MyRecordsSnapshot = SnapshotFrom<typeof myRecordsMachine>

/** What the records card shows, read from the chart. */
export function selectMyRecordsView(snapshot: MyRecordsSnapshot) {
  const { context } = snapshot
  const downloading = snapshot.matches('downloading')
  return {
    downloading: downloading ? context.format : null,
    saved: !downloading && context.saved ? context.format : null,
    failure: downloading ? null : context.failure,
  }
}

export type MyRecordsView = ReturnType<typeof selectMyRecordsView>
