import { callApi } from '../../api/api-call'
import type { MainClient } from '../../api/main-client'
import { fromAbortablePromise } from '../abortable-promise'
import type { Session } from './sessions.machine'

/** The sessions' server calls (issue 14 item 4). */
export function createSessionsActors(api: MainClient) {
  return {
    listSessions: fromAbortablePromise<Session[]>(async ({ signal }) => {
      const list = await callApi(api.GET('/api/account/sessions', { signal }))
      return list.sessions
    }),
    endSession: fromAbortablePromise<unknown, { id: string }>(({ input, signal }) =>
      callApi(
        api.DELETE('/api/account/sessions/{sessionId}', {
          params: { path: { sessionId: input.id } },
          signal,
        }),
      ),
    ),
    endOtherSessions: fromAbortablePromise<number>(async ({ signal }) => {
      const result = await callApi(api.POST('/api/account/sessions/end-others', { signal }))
      return result.ended
    }),
  }
}
