import { callApi } from '../../api/api-call'
import type { MainClient } from '../../api/main-client'
import { fromAbortablePromise } from '../abortable-promise'
import type { RecordsFormat } from './my-records.machine'

/** The records card's server call: the file as text, saved as it came. */
export function createMyRecordsActors(api: MainClient) {
  return {
    downloadRecords: fromAbortablePromise<string, { format: RecordsFormat }>(({ input, signal }) =>
      input.format === 'csv'
        ? callApi(api.GET('/api/users/me/export.csv', { parseAs: 'text', signal }))
        : callApi(api.GET('/api/users/me/export.json', { parseAs: 'text', signal })),
    ),
  }
}
