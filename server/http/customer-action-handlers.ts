import type { CustomerActions } from '../staff/customer-actions.ts'
import { requireStaff } from './permission-hook.ts'
import type { Handlers } from './typed-handlers.ts'

/**
 * Thin glue from the desk's actions on a customer to the service. The permission hook has checked
 * the caller before any of these runs (server/http/permission-hook.ts).
 */
export function customerActionHandlers(actions: CustomerActions): Handlers {
  return {
    async requestVerification({ request, params, body }) {
      return {
        status: 201,
        body: await actions.requestVerification(
          requireStaff(request.staff),
          params.customerId,
          body.kind,
          body.note,
        ),
      }
    },
    async withdrawVerificationRequest({ request, params }) {
      return {
        status: 200,
        body: await actions.withdrawVerificationRequest(
          requireStaff(request.staff),
          params.customerId,
          params.verificationRequestId,
        ),
      }
    },
    async placeCustomerHold({ request, params, body }) {
      return {
        status: 201,
        body: await actions.placeHold(requireStaff(request.staff), params.customerId, body.reason),
      }
    },
    async liftCustomerHold({ request, params, body }) {
      return {
        status: 200,
        body: await actions.liftHold(requireStaff(request.staff), params.customerId, body.reason),
      }
    },
  }
}
