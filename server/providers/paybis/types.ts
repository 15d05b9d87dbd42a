/**
 * What the server needs of Paybis (docs/product/providers/paybis.md#widget-request): a widget
 * request for a customer.
 */

export interface PaybisWidgetRequest {
  requestId: string
  /** Only in the passwordless (SSO) case; valid 15 minutes. */
  oneTimeToken?: string
}

export interface PaybisApi {
  /** POST /v2/request, signed: a new widget request (one per transaction). */
  createRequest(input: {
    partnerUserId: string
    email: string
    locale: string
    passwordless: boolean
  }): Promise<PaybisWidgetRequest>
}
