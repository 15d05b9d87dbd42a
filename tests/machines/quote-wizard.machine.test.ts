import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, type Actor } from 'xstate'
import { composeMessage, type QuoteRequest } from '../../src/machines/quote-wizard/quote-request'
import {
  initialQuoteValues,
  quoteRequestOf,
  quoteWizardMachine,
  selectQuoteView,
  type QuoteWizardEvent,
} from '../../src/machines/quote-wizard/quote-wizard.machine'
import { DeferredQueue } from '../support/deferred'
import { runAllPaths, statesWithoutAssertion, type PathRunner } from '../support/model-paths'
import { quoteAmountOracle } from '../domain/rational-oracle'
import {
  amountCommitted,
  profileContact,
  quoteFixtures,
} from '../../src/flows/fixtures/quote-wizard'
import { createQuotePathModel } from './quote-wizard-model'

interface Ctx {
  actor: Actor<typeof quoteWizardMachine>
  requests: DeferredQueue<{ id: string }>
  sent: QuoteRequest[]
  effects: string[]
}

describe('quote wizard (docs/product/flows.md#quote-dialog)', () => {
  const pm = createQuotePathModel()

  const runner: PathRunner<typeof quoteWizardMachine, Ctx> = {
    setup(inspect) {
      const requests = new DeferredQueue<{ id: string }>()
      const sent: QuoteRequest[] = []
      const effects: string[] = []
      const actor = createActor(
        quoteWizardMachine.provide({
          actors: {
            submitQuote: fromPromise(({ input }) => {
              sent.push(input)
              return requests.next()
            }),
          },
          actions: { goToVerification: () => void effects.push('verification') },
        }),
        { inspect },
      ).start()
      return { actor, requests, sent, effects }
    },
    async event(ctx, event) {
      const before = ctx.effects.length
      if (event.type === 'xstate.done.actor.submitQuote')
        ctx.requests.latest.resolve((event as unknown as { output: { id: string } }).output)
      else if (event.type === 'xstate.error.actor.submitQuote')
        ctx.requests.latest.reject(new Error('400'))
      else ctx.actor.send(event as QuoteWizardEvent)
      await new Promise((r) => setTimeout(r, 0))
      // Navigation happens on 'Go to Verification' and nowhere else.
      expect(ctx.effects.slice(before)).toEqual(
        event.type === 'verification.go' ? ['verification'] : [],
      )
    },
    snapshot: (ctx) => ctx.actor.getSnapshot(),
    states: {
      closed: (_ctx, s) => {
        expect(selectQuoteView(s).step).toBe('closed')
        // A request sent before is forgotten once the dialog closes.
        expect(selectQuoteView(s).requestId).toBeNull()
      },
      calculation: (_ctx, s) => {
        const view = selectQuoteView(s)
        expect(view.step).toBe('calculation')
        // The amount is the integer parse of what the field shows
        // (docs/product/validation.md#quote-dialog).
        expect(view.values.amount).toBe(quoteAmountOracle(view.amountText))
        // The amount's message shows only for an amount that cannot be sent, and says why.
        if (view.amountError !== null) {
          const amount = BigInt(view.values.amount)
          expect(view.amountError).toBe(amount < 1n ? 'missing' : 'too-large')
          expect(amount < 1n || amount > 1_000_000_000n).toBe(true)
        }
      },
      contact: (_ctx, s) => {
        const { values } = s.context
        expect(BigInt(values.amount)).toBeGreaterThanOrEqual(1n)
        expect(BigInt(values.amount)).toBeLessThanOrEqual(1_000_000_000n)
        // What the field showed when Next was pressed is what is sent.
        expect(amountCommitted(s)).toBe(true)
        // Prefilled from the profile.
        expect(values.name).toBe(profileContact.name)
        expect(values.email).toBe(profileContact.email)
        expect(values.country).toBe(profileContact.country)
      },
      'contact.editing': (_ctx, s) => {
        expect(selectQuoteView(s).failed).toBe(false)
      },
      'contact.failed': (ctx, s) => {
        expect(selectQuoteView(s).failed).toBe(true)
        expect(ctx.sent.length).toBeGreaterThan(0)
      },
      submitting: (ctx, s) => {
        // Exactly what the dialog shows goes to the server, the promo code as a line of the message.
        expect(ctx.sent.at(-1)).toEqual(quoteRequestOf(s.context.values))
        expect(String(ctx.sent.at(-1)?.amount)).toBe(s.context.amountText)
        const { values } = s.context
        expect(ctx.sent.at(-1)?.message).toBe(composeMessage(values.message, values.promoCode))
        expect(selectQuoteView(s).step).toBe('submitting')
      },
      submitted: (ctx, s) => {
        expect(s.context.sentTo).toBe(ctx.sent.at(-1)?.email)
        expect(selectQuoteView(s).step).toBe('submitted')
        // The created request's id, for 'View your request'.
        expect(selectQuoteView(s).requestId).toBe('q-1')
      },
    },
    teardown: (ctx) => {
      ctx.actor.stop()
    },
  }

  it('has an assertion for every state', () => {
    expect(statesWithoutAssertion(pm, runner.states)).toEqual([])
  })

  it('takes every state and transition on generated paths', async () => {
    const report = await runAllPaths(pm, runner, 'machine')
    expect(report.states.missing).toEqual([])
    expect(report.transitions.missing).toEqual([])
  })

  it('starts from EUR to BTC, 1000, and sends the promo code as a line of the message', async () => {
    expect(initialQuoteValues).toMatchObject({
      fromCurrency: 'EUR',
      toCurrency: 'BTC',
      amount: '1000',
    })
    const sent: QuoteRequest[] = []
    const actor = createActor(
      quoteWizardMachine.provide({
        actors: {
          submitQuote: fromPromise(({ input }) => {
            sent.push(input)
            return Promise.resolve({ id: 'q-2' })
          }),
        },
      }),
    ).start()
    actor.send(quoteFixtures.open)
    actor.send({ type: 'promo.reveal' })
    actor.send({ type: 'field.change', field: 'promoCode', value: ' FIRST1000 ' })
    actor.send({ type: 'field.change', field: 'message', value: 'Call me.' })
    actor.send({ type: 'quote.next' })
    actor.send({ type: 'quote.submit' })
    await new Promise((r) => setTimeout(r, 0))
    expect(sent).toEqual([
      {
        fromCurrency: 'EUR',
        toCurrency: 'BTC',
        amount: 1000,
        name: 'Anna Kowalska',
        email: 'anna@example.com',
        phone: '',
        country: 'PL',
        message: 'Call me.\nPromo code: FIRST1000',
      },
    ])
    // Close after a sent request starts afresh at step 1.
    actor.send({ type: 'quote.close' })
    actor.send({ type: 'quote.open', contact: { ...profileContact, name: 'Ann' } })
    expect(selectQuoteView(actor.getSnapshot())).toMatchObject({
      step: 'calculation',
      promoOpen: false,
      values: { ...initialQuoteValues, name: 'Ann', email: 'anna@example.com', country: 'PL' },
      amountText: '1000',
    })
  })

  it('keeps what the customer typed over the profile when the dialog reopens', () => {
    const actor = createActor(quoteWizardMachine).start()
    actor.send(quoteFixtures.open)
    actor.send({ type: 'quote.next' })
    actor.send({ type: 'field.change', field: 'name', value: 'A. K.' })
    actor.send({ type: 'quote.close' })
    actor.send(quoteFixtures.open)
    expect(actor.getSnapshot().value).toBe('calculation')
    expect(actor.getSnapshot().context.values.name).toBe('A. K.')
  })

  it('parses the amount as an integer and shows, once the field is left, what is sent', async () => {
    const cases: [typed: string, shown: string, sent: number | string][] = [
      ['1000.50', '1000', 1000],
      ['1,000', '1000', 1000],
      ['1e3', '1', 1],
      [' 12 ', '12', 12],
      ['abc', '', 'missing'],
      ['', '', 'missing'],
      ['99999999999999999999', '99999999999999999999', 'too-large'],
      ['1000000000', '1000000000', 1_000_000_000],
    ]
    for (const [typed, shown, sent] of cases) {
      const requests: QuoteRequest[] = []
      const actor = createActor(
        quoteWizardMachine.provide({
          actors: {
            submitQuote: fromPromise(({ input }) => {
              requests.push(input)
              return Promise.resolve({ id: 'q-2' })
            }),
          },
        }),
      ).start()
      actor.send(quoteFixtures.open)
      actor.send({ type: 'amount.change', value: typed })
      // While typing the field keeps the customer's text.
      expect(selectQuoteView(actor.getSnapshot()).amountText).toBe(typed)
      actor.send({ type: 'amount.commit' })
      expect(selectQuoteView(actor.getSnapshot()).amountText, typed).toBe(shown)
      actor.send({ type: 'quote.next' })
      if (typeof sent === 'string') {
        expect(selectQuoteView(actor.getSnapshot())).toMatchObject({
          step: 'calculation',
          amountError: sent,
        })
      } else {
        actor.send({ type: 'quote.submit' })
        await new Promise((r) => setTimeout(r, 0))
        expect(requests.map((r) => r.amount)).toEqual([sent])
      }
      actor.stop()
    }
    expect(composeMessage('', '')).toBe('')
    expect(composeMessage('', 'X1')).toBe('Promo code: X1')
    expect(composeMessage(' Hi ', '')).toBe('Hi')
  })

  it('sends, for any text typed, the integer the field shows after Next, or refuses it', () => {
    const typed = fc.oneof(
      fc.string(),
      fc.stringMatching(/^ ?[0-9]{0,22}([.,][0-9]{0,4}){0,2} ?$/),
      fc.constantFrom(...quoteFixtures.typedAmounts),
    )
    fc.assert(
      fc.property(typed, (text) => {
        const actor = createActor(quoteWizardMachine).start()
        actor.send(quoteFixtures.open)
        actor.send({ type: 'amount.change', value: text })
        // Enter in the field: Next without leaving it.
        actor.send({ type: 'quote.next' })
        const s = actor.getSnapshot()
        const amount = BigInt(quoteAmountOracle(text))
        expect(s.context.values.amount).toBe(amount.toString())
        expect(amountCommitted(s)).toBe(true)
        if (amount >= 1n && amount <= 1_000_000_000n) {
          expect(s.value).toEqual({ contact: 'editing' })
          expect(quoteRequestOf(s.context.values).amount).toBe(Number(amount))
          expect(s.context.amountText).toBe(amount.toString())
        } else {
          expect(s.value).toBe('calculation')
          expect(s.context.amountError).toBe(amount < 1n ? 'missing' : 'too-large')
        }
        actor.stop()
      }),
      { numRuns: 10_000 },
    )
  })
})
