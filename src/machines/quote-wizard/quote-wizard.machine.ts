import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate'
import { errorTypeOf } from '../../api/api-call'
import { toSafeInteger } from '../../../domain/decimal'
import {
  composeMessage,
  parseQuoteAmount,
  QUOTE_DEFAULTS,
  quoteAmountProblem,
  type CryptoCurrency,
  type FiatCurrency,
  type QuoteAmountProblem,
  type QuoteRequest,
} from './quote-request'

export interface QuoteContact {
  name: string
  email: string
  phone: string
  country: string
}

export interface QuoteValues extends QuoteContact {
  fromCurrency: FiatCurrency
  toCurrency: CryptoCurrency
  /**
   * An integer, as an exact decimal string; an empty amount is '0'
   * (docs/product/validation.md#quote-dialog).
   */
  amount: string
  promoCode: string
  message: string
}

export type QuoteTextField = 'promoCode' | 'message' | keyof QuoteContact

export interface QuoteWizardContext {
  values: QuoteValues
  /**
   * What the Amount field shows: the customer's text while they type, then, once they leave the
   * field or press Next, the integer that is sent (so what the field shows is what is sent).
   */
  amountText: string
  /** 'Redeem promo code' was pressed: the promo code field shows. */
  promoOpen: boolean
  /**
   * Set when Next was pressed without a sendable amount, as a code ('missing': 'Enter an amount
   * of at least 1', 'too-large': 'Enter an amount of at most …'); cleared when the amount changes.
   */
  amountError: QuoteAmountProblem | null
  /** The contact e-mail the last request was sent with (the submitted view names it). */
  sentTo: string
  /** The id the server gave the last request sent (the submitted view links to its page). */
  requestId: string | null
  /** The last request was refused because the account is on hold (ACCOUNT_ON_HOLD). */
  onHold: boolean
}

export type QuoteWizardEvent =
  /** Opens the dialog; the contact fields still empty are filled from the profile. */
  | { type: 'quote.open'; contact: QuoteContact }
  | { type: 'quote.close' }
  | { type: 'quote.next' }
  | { type: 'quote.back' }
  | { type: 'quote.submit' }
  | { type: 'amount.change'; value: string }
  /** The customer left the Amount field: it shows the integer that will be sent. */
  | { type: 'amount.commit' }
  | { type: 'currency.change'; side: 'from'; currency: FiatCurrency }
  | { type: 'currency.change'; side: 'to'; currency: CryptoCurrency }
  | { type: 'promo.reveal' }
  | { type: 'field.change'; field: QuoteTextField; value: string }
  /** 'Go to Verification' on the submitted view. */
  | { type: 'verification.go' }

export const initialQuoteValues: QuoteValues = {
  fromCurrency: QUOTE_DEFAULTS.fromCurrency,
  toCurrency: QUOTE_DEFAULTS.toCurrency,
  amount: QUOTE_DEFAULTS.amount,
  promoCode: '',
  message: '',
  name: '',
  email: '',
  phone: '',
  country: '',
}

const initialContext: QuoteWizardContext = {
  values: initialQuoteValues,
  amountText: QUOTE_DEFAULTS.amount,
  promoOpen: false,
  amountError: null,
  sentTo: '',
  requestId: null,
  onHold: false,
}

/**
 * The body of POST /api/exchange-request for the dialog's values
 * (docs/product/data.md#quote-request, docs/product/api.md#quote-request). The amount goes as a
 * JSON integer: only amounts of 1 to 1,000,000,000 are sent, which a JS number holds exactly.
 */
export function quoteRequestOf(values: QuoteValues): QuoteRequest {
  return {
    fromCurrency: values.fromCurrency,
    toCurrency: values.toCurrency,
    amount: toSafeInteger(values.amount),
    name: values.name.trim(),
    email: values.email.trim(),
    phone: values.phone.trim(),
    country: values.country.trim(),
    message: composeMessage(values.message, values.promoCode),
  }
}

/**
 * The 'Request personal quote' dialog (docs/product/screens.md#quote-dialog,
 * docs/product/flows.md#quote-dialog, docs/product/validation.md#quote-dialog,
 * docs/product/api.md#quote-request, docs/product/errors.md#quote-submission-failure): the customer
 * states an amount and currencies, then their contact details, and sends the request; a
 * confirmation follows, or a short message when sending failed. It opens on 'Calculation' (EUR to
 * BTC, 1000), Next and Back move between it and 'Contact information', and the request goes to the
 * server; success shows the submitted view, a failure stays on the contact step with a short
 * message (decision 030), and Close resets it to step 1.
 */
export const quoteWizardMachine = setup({
  types: {} as {
    context: QuoteWizardContext
    events: QuoteWizardEvent
  },
  actors: {
    /** POST /api/exchange-request: the stored request's id. */
    submitQuote: fromPromise<{ id: string }, QuoteRequest>(() => {
      throw new Error('quoteWizard: the submitQuote actor was not provided')
    }),
  },
  actions: {
    prefillContact: assign(({ context }, params: { contact: QuoteContact }) => {
      const { values } = context
      const keep = (field: keyof QuoteContact) => values[field] || params.contact[field]
      return {
        values: {
          ...values,
          name: keep('name'),
          email: keep('email'),
          phone: keep('phone'),
          country: keep('country'),
        },
      }
    }),
    setAmount: assign(({ context }, params: { value: string }) => ({
      values: { ...context.values, amount: parseQuoteAmount(params.value) },
      amountText: params.value,
      amountError: null,
    })),
    /** The field shows the integer that is sent ('1000.50' → '1000'; 0 shows empty). */
    commitAmount: assign(({ context }) => ({
      amountText: context.values.amount === '0' ? '' : context.values.amount,
    })),
    setCurrency: assign(
      ({ context }, params: { side: 'from' | 'to'; currency: FiatCurrency | CryptoCurrency }) => ({
        values:
          params.side === 'from'
            ? { ...context.values, fromCurrency: params.currency as FiatCurrency }
            : { ...context.values, toCurrency: params.currency as CryptoCurrency },
      }),
    ),
    revealPromo: assign({ promoOpen: true }),
    setText: assign(({ context }, params: { field: QuoteTextField; value: string }) => ({
      values: { ...context.values, [params.field]: params.value },
    })),
    showAmountError: assign(({ context }) => ({
      amountError: quoteAmountProblem(context.values.amount) ?? 'missing',
    })),
    rememberRecipient: assign(({ context }, params: { requestId: string }) => ({
      sentTo: context.values.email.trim(),
      requestId: params.requestId,
    })),
    /** After a sent request the next one starts afresh (the contact details come back on open). */
    reset: assign(() => initialContext),
    noteFailure: assign((_, params: { onHold: boolean }) => ({ onHold: params.onHold })),
    /** Navigation belongs to the route: /app/verification. */
    goToVerification: () => {
      throw new Error('quoteWizard: the goToVerification action was not provided')
    },
  },
  guards: {
    hasAmount: ({ context }) => quoteAmountProblem(context.values.amount) === null,
  },
}).createMachine({
  id: 'quoteWizard',
  description: "The 'Request personal quote' dialog: calculation, contact information, submitted",
  context: initialContext,
  initial: 'closed',
  states: {
    closed: {
      description: 'The dialog is not shown; the home page offers it.',
      on: {
        'quote.open': {
          target: 'calculation',
          actions: {
            type: 'prefillContact',
            params: ({ event }) => ({ contact: event.contact }),
          },
        },
      },
    },
    calculation: {
      description:
        "Step 1 'Calculation': amount and currency, 'Converted to', promo code and message.",
      on: {
        'amount.change': {
          actions: { type: 'setAmount', params: ({ event }) => ({ value: event.value }) },
        },
        'amount.commit': { actions: 'commitAmount' },
        // Anything else done on this step means the customer left the Amount field.
        'currency.change': {
          actions: [
            'commitAmount',
            {
              type: 'setCurrency',
              params: ({ event }) => ({ side: event.side, currency: event.currency }),
            },
          ],
        },
        'promo.reveal': { actions: ['commitAmount', 'revealPromo'] },
        'field.change': {
          actions: [
            'commitAmount',
            {
              type: 'setText',
              params: ({ event }) => ({ field: event.field, value: event.value }),
            },
          ],
        },
        'quote.next': [
          { guard: 'hasAmount', target: 'contact', actions: 'commitAmount' },
          { actions: ['commitAmount', 'showAmountError'] },
        ],
        'quote.close': { target: 'closed', actions: 'commitAmount' },
      },
    },
    contact: {
      description:
        "Step 2 'Contact information': name, e-mail, phone and country, prefilled from the profile.",
      initial: 'editing',
      on: {
        'field.change': {
          actions: {
            type: 'setText',
            params: ({ event }) => ({ field: event.field, value: event.value }),
          },
        },
        'quote.back': 'calculation',
        'quote.submit': 'submitting',
        'quote.close': 'closed',
      },
      states: {
        editing: {
          description: 'The contact details are being checked before the request is sent.',
        },
        failed: {
          description: 'The last request failed: a short message shows above the buttons.',
        },
      },
    },
    submitting: {
      description: "The request is with the server; 'Request a quote' is disabled.",
      invoke: {
        id: 'submitQuote',
        src: 'submitQuote',
        input: ({ context }) => quoteRequestOf(context.values),
        onDone: {
          target: 'submitted',
          actions: {
            type: 'rememberRecipient',
            params: ({ event }) => ({ requestId: event.output.id }),
          },
        },
        onError: {
          target: 'contact.failed',
          // On hold, the customer is told to contact support rather than to try again.
          actions: {
            type: 'noteFailure',
            params: ({ event }) => ({ onHold: errorTypeOf(event.error) === 'ACCOUNT_ON_HOLD' }),
          },
        },
      },
    },
    submitted: {
      description:
        "'Form has been submitted': the e-mail notice and the prompt to start verification.",
      on: {
        'quote.close': { target: 'closed', actions: 'reset' },
        'verification.go': { target: 'closed', actions: ['reset', 'goToVerification'] },
      },
    },
  },
})

export type QuoteWizardMachine = typeof quoteWizardMachine
export type QuoteWizardSnapshot = SnapshotFrom<QuoteWizardMachine>

export type QuoteStep = 'closed' | 'calculation' | 'contact' | 'submitting' | 'submitted'

/** What the dialog shows, read from the chart. */
export function selectQuoteView(snapshot: QuoteWizardSnapshot) {
  const step: QuoteStep = snapshot.matches('calculation')
    ? 'calculation'
    : snapshot.matches('contact')
      ? 'contact'
      : snapshot.matches('submitting')
        ? 'submitting'
        : snapshot.matches('submitted')
          ? 'submitted'
          : 'closed'
  return {
    step,
    values: snapshot.context.values,
    amountText: snapshot.context.amountText,
    promoOpen: snapshot.context.promoOpen,
    amountError: snapshot.context.amountError,
    failed: snapshot.matches({ contact: 'failed' }),
    /** The failure is the account's hold (a message to contact support). */
    onHold: snapshot.matches({ contact: 'failed' }) && snapshot.context.onHold,
    sentTo: snapshot.context.sentTo,
    requestId: snapshot.context.requestId,
  }
}

export type QuoteView = ReturnType<typeof selectQuoteView>
