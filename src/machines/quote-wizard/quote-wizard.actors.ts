import { fromAbortablePromise } from '../abortable-promise'
import { callApi } from '../../api/api-call'
import type { MainClient } from '../../api/main-client'
import type { QuoteRequest } from './quote-request'

/**
 * The quote wizard's real side effect: POST /api/exchange-request; the stored request's id, for
 * the submitted view's link to it (docs/product/api.md#quote-request).
 */
export function createQuoteWizardActors(api: MainClient) {
  return {
    submitQuote: fromAbortablePromise<{ id: string }, QuoteRequest>(({ input, signal }) =>
      callApi(api.POST('/api/exchange-request', { body: input, signal })),
    ),
  }
}
