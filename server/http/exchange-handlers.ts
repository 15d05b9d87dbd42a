import type { QuoteService } from '../quotes/quote-service.ts'
import { requireUser } from './caller.ts'
import { customerActor } from './request-handlers.ts'
import type { components } from '../../openapi/main.gen.ts'
import type { Handlers } from './typed-handlers.ts'

type ExchangeRequest = components['schemas']['ExchangeRequest']

/** Thin glue from the quote-request operations to the quote service. */
export function exchangeHandlers(quotes: QuoteService): Handlers {
  return {
    async createExchangeRequest(ctx) {
      return { status: 201, body: await quotes.create(customerActor(ctx), ctx.body) }
    },
    async listExchangeRequests({ userId }) {
      const items = await quotes.list(requireUser(userId))
      // Stored rows passed the contract's currency enum when they were created.
      return { status: 200, body: { items: items as ExchangeRequest[] } }
    },
  }
}
