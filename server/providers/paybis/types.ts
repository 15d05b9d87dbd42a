/**
 * What the server needs of Paybis (docs/product/providers/paybis.md#widget-request): a widget
 * request for a customer.
 */

export interface PaybisWidgetRequest {
  requestId: string
  /** Only in the passwordless (SSO) case; valid 15 minutes. */
  oneTimeToken?: string
}

export interface PaybisApi extends PaybisTransactionsApi {
  /** POST /v2/request, signed: a new widget request (one per transaction). */
  createRequest(input: {
    partnerUserId: string
    email: string
    locale: string
    passwordless: boolean
  }): Promise<PaybisWidgetRequest>
}

/** An amount in Paybis's shape: a decimal string and a currency code. */
export interface PaybisMoney {
  amount: string
  currency: string
}

/**
 * A Paybis transaction as the server uses it: an item of GET /v2/transactions, which the
 * provisional transaction-status webhook mirrors (docs/decisions/113).
 */
export interface PaybisTransaction {
  id: string
  /** The widget request the transaction was made in. */
  requestId: string
  partnerUserId: string | undefined
  /** Paybis's status as sent (created, completed, cancelled, payment_error, rejected, …). */
  status: string
  createdAt: Date | undefined
  spent: PaybisMoney | undefined
  received: PaybisMoney | undefined
}

export interface PaybisTransactionPage {
  items: PaybisTransaction[]
  nextCursor: string | undefined
}

export interface PaybisTransactionsApi {
  /** GET /v2/transactions: the partner's transactions created between from and to, a page. */
  listTransactions(input: {
    from: Date
    to: Date
    limit: number
    cursor?: string
  }): Promise<PaybisTransactionPage>
}
