import type { PaymentService } from '../payments/payment-service.ts'
import { requireUser } from './caller.ts'
import type { Handlers } from './typed-handlers.ts'

/** Thin glue from the Paybis operation to the payment service. */
export function paymentHandlers(payments: PaymentService): Handlers {
  return {
    async createPaybisRequest({ userId }) {
      return { status: 200, body: await payments.createRequest(requireUser(userId)) }
    },
  }
}
