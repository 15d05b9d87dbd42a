import { callApi } from '../../api/api-call'
import type { MainClient } from '../../api/main-client'
import { fromAbortablePromise } from '../abortable-promise'
import type { StepUpAnswer } from './step-up.machine'

/** The step-up's server call: POST /api/account/step-up. */
export function createStepUpActors(api: MainClient) {
  return {
    checkStepUp: fromAbortablePromise<unknown, StepUpAnswer>(({ input, signal }) =>
      callApi(api.POST('/api/account/step-up', { body: input, signal })),
    ),
  }
}
