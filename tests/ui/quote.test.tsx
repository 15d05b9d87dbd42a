import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { QUOTE_DEFAULTS } from '../../src/machines/quote-wizard/quote-request'
import {
  quoteRequestOf,
  type QuoteWizardEvent,
  type QuoteWizardSnapshot,
} from '../../src/machines/quote-wizard/quote-wizard.machine'
import {
  AMOUNT_REQUIRED,
  AMOUNT_TOO_LARGE,
  QUOTE_FAILURE,
  VIEW_YOUR_REQUEST,
} from '../../src/ui/account/quote-dialog'
import {
  amountCommitted,
  profileContact,
  quoteFixtures,
} from '../../src/flows/fixtures/quote-wizard'
import { createQuotePathModel } from '../machines/quote-wizard-model'
import { runAllPaths, statesWithoutAssertion, type PathRunner } from '../support/model-paths'
import { anna, renderSignedIn } from './home-support'
import { json, problem } from './support/fake-api'
import type { RenderedApp } from './support/render-app'

const QUOTE = { method: 'POST', path: '/api/exchange-request' }

const dialog = () => screen.getByRole('dialog', { name: 'Request personal quote' })
const inDialog = () => within(dialog())
const input = (label: string) => inDialog().getByLabelText(label) as HTMLInputElement
const snapshotOf = (app: RenderedApp) =>
  app.probe.actor('quoteWizard').getSnapshot() as QuoteWizardSnapshot

async function typeInto(app: RenderedApp, label: string, value: string) {
  await app.user.clear(input(label))
  if (value) await app.user.type(input(label), value)
}

describe('quote dialog through the home page (docs/product/screens.md#quote-dialog, docs/product/flows.md#quote-dialog, docs/product/errors.md#quote-submission-failure)', () => {
  const pm = createQuotePathModel()

  const runner: PathRunner<typeof pm.machine, RenderedApp> = {
    async setup(inspect) {
      const app = await renderSignedIn('/app', {
        machineId: 'quoteWizard',
        inspect,
        prepare: (api) => api.hold(QUOTE.method, QUOTE.path),
      })
      await screen.findByRole('heading', { name: 'Welcome, Anna' })
      return app
    },
    async event(app, event) {
      const e = event as QuoteWizardEvent | { type: string }
      const step = snapshotOf(app)
      switch (e.type) {
        case 'quote.open':
          await app.user.click(screen.getByRole('button', { name: 'Explore the service' }))
          break
        case 'quote.close':
          // Step 2 has no Close button: Escape closes the dialog there.
          if (step.matches('contact')) await app.user.keyboard('{Escape}')
          else await app.user.click(inDialog().getByRole('button', { name: 'Close' }))
          break
        case 'quote.next':
          await app.user.click(inDialog().getByRole('button', { name: 'Next' }))
          break
        case 'quote.back':
          await app.user.click(inDialog().getByRole('button', { name: 'Back' }))
          break
        case 'quote.submit':
          await app.user.click(inDialog().getByRole('button', { name: 'Request a quote' }))
          break
        case 'verification.go':
          await app.user.click(inDialog().getByRole('button', { name: 'Go to Verification' }))
          break
        case 'promo.reveal':
          await app.user.click(inDialog().getByRole('button', { name: 'Redeem promo code' }))
          break
        case 'amount.change':
          await typeInto(app, 'Amount', (e as { value: string }).value)
          break
        case 'amount.commit':
          // Leaving the field (a click elsewhere in the dialog) commits what it shows.
          await app.user.click(inDialog().getByRole('heading', { name: 'Calculation' }))
          break
        case 'currency.change': {
          const { side, currency } = e as { side: 'from' | 'to'; currency: string }
          await app.user.selectOptions(
            input(side === 'from' ? 'Currency' : 'Converted to'),
            currency,
          )
          break
        }
        case 'field.change': {
          const { field, value } = e as { field: string; value: string }
          const labels: Record<string, string> = {
            promoCode: 'Promo code',
            message: 'Message',
            phone: 'Contact phone',
          }
          await typeInto(app, labels[field] ?? field, value)
          break
        }
        case 'xstate.done.actor.submitQuote':
          expect(app.api.last(QUOTE.method, QUOTE.path)?.body).toEqual(
            quoteRequestOf(snapshotOf(app).context.values),
          )
          await app.api.answer(
            QUOTE.method,
            QUOTE.path,
            json(201, { id: 'q-1', status: 'new', createdAt: '2025-03-05T10:15:30.000Z' }),
          )
          break
        case 'xstate.error.actor.submitQuote':
          await app.api.answer(QUOTE.method, QUOTE.path, problem('VALIDATION_ERROR'))
          break
      }
    },
    snapshot: (app) => snapshotOf(app) as never,
    settleMs: 2000,
    states: {
      closed: (app) => {
        expect(screen.queryByRole('dialog')).toBeNull()
        if (app.pathname() === '/app/verification') {
          expect(screen.getByRole('heading', { name: 'Verification' })).toBeTruthy()
        } else {
          expect(app.pathname()).toBe('/app')
          expect(screen.getByRole('button', { name: 'Get a quote' })).toBeTruthy()
        }
      },
      calculation: (_app, s) => {
        const { values, promoOpen, amountError } = s.context
        expect(inDialog().getByRole('heading', { name: 'Calculation' })).toBeTruthy()
        expect(
          inDialog().getByText('One time offer: First transaction minimum set to €1000 only'),
        ).toBeTruthy()
        // The field shows what the customer typed, or once left the integer that is sent.
        expect(input('Amount').value).toBe(s.context.amountText)
        if (amountCommitted(s))
          expect(input('Amount').value).toBe(values.amount === '0' ? '' : values.amount)
        expect(input('Currency').value).toBe(values.fromCurrency)
        expect(input('Converted to').value).toBe(values.toCurrency)
        expect(input('Message').value).toBe(values.message)
        if (promoOpen) {
          expect(input('Promo code').value).toBe(values.promoCode)
          expect(inDialog().queryByRole('button', { name: 'Redeem promo code' })).toBeNull()
        } else {
          expect(inDialog().queryByLabelText('Promo code')).toBeNull()
        }
        // The amount's message, at the amount, only after Next without a sendable one.
        expect(inDialog().queryByText(AMOUNT_REQUIRED) !== null).toBe(amountError === 'missing')
        expect(inDialog().queryByText(AMOUNT_TOO_LARGE) !== null).toBe(amountError === 'too-large')
        expect(inDialog().getByRole('button', { name: 'Close' })).toBeTruthy()
      },
      contact: (_app, s) => {
        expect(inDialog().getByRole('heading', { name: 'Contact information' })).toBeTruthy()
        // The amount field showed, when Next was pressed, exactly the integer that is sent.
        expect(amountCommitted(s)).toBe(true)
        // Prefilled from the profile.
        expect(input('Name').value).toBe(profileContact.name)
        expect(input('Contact email').value).toBe(anna.email)
        expect(input('Contact phone').value).toBe(s.context.values.phone)
        expect(input('Country').value).toBe(anna.country)
        expect(inDialog().getByRole('button', { name: 'Back' })).toBeTruthy()
      },
      'contact.editing': () => {
        expect(inDialog().queryByRole('alert')).toBeNull()
        expect(
          (inDialog().getByRole('button', { name: 'Request a quote' }) as HTMLButtonElement)
            .disabled,
        ).toBe(false)
      },
      'contact.failed': () => {
        // Decision 030: a failed submit stays on step 2 and says so.
        expect(inDialog().getByRole('alert').textContent).toBe(QUOTE_FAILURE)
      },
      submitting: () => {
        expect(
          (inDialog().getByRole('button', { name: 'Request a quote' }) as HTMLButtonElement)
            .disabled,
        ).toBe(true)
        expect(inDialog().queryByRole('alert')).toBeNull()
      },
      submitted: () => {
        expect(inDialog().getByRole('heading', { name: 'Form has been submitted' })).toBeTruthy()
        expect(inDialog().getByText(/will be sent to/).textContent).toContain(anna.email)
        expect(inDialog().getByText(/check your spam folder/)).toBeTruthy()
        expect(inDialog().getByText(/mandatory to proceed with the transaction/)).toBeTruthy()
        expect(inDialog().getByRole('button', { name: 'Close' })).toBeTruthy()
        expect(inDialog().getByRole('button', { name: 'Go to Verification' })).toBeTruthy()
        // Issue 28: the created request's page, by the id the server answered.
        expect(inDialog().getByRole('link', { name: VIEW_YOUR_REQUEST }).getAttribute('href')).toBe(
          '/app/requests/q-1',
        )
      },
    },
    teardown: (app) => {
      app.unmount()
    },
  }

  it('has an assertion for every state', () => {
    expect(statesWithoutAssertion(pm, runner.states)).toEqual([])
  })

  it('takes every state and transition through the dialog', async () => {
    const report = await runAllPaths(pm, runner, 'ui')
    expect(report.states.missing).toEqual([])
    expect(report.transitions.missing).toEqual([])
  }, 120_000)
})

describe('quote dialog details', () => {
  it("leads from 'View your request' to the request just created", async () => {
    const app = await renderSignedIn('/app', {
      prepare: (api) =>
        api
          .on(QUOTE.method, QUOTE.path, () =>
            json(201, { id: 'q-7', status: 'submitted', createdAt: '2025-03-05T10:15:30.000Z' }),
          )
          .on('GET', '/api/exchange-request/q-7', () => json(404, { status: 404 })),
    })
    await screen.findByRole('heading', { name: 'Welcome, Anna' })
    await app.user.click(screen.getByRole('button', { name: 'Explore the service' }))
    await app.user.click(inDialog().getByRole('button', { name: 'Next' }))
    await app.user.click(inDialog().getByRole('button', { name: 'Request a quote' }))
    await app.user.click(await screen.findByRole('link', { name: VIEW_YOUR_REQUEST }))
    await screen.findByRole('heading', { name: 'Request not found' })
    expect(app.pathname()).toBe('/app/requests/q-7')
    expect(screen.queryByRole('dialog')).toBeNull()
    app.unmount()
  })

  it("offers fiat for the amount and crypto for 'Converted to', grouped as the spec lists them", async () => {
    const app = await renderSignedIn('/app')
    await screen.findByRole('heading', { name: 'Welcome, Anna' })
    await app.user.click(screen.getByRole('button', { name: 'Get a quote' }))
    const from = input('Currency')
    const to = input('Converted to')
    expect(from.querySelector('optgroup')?.label).toBe('Fiat Currencies')
    expect([...from.querySelectorAll('option')].map((o) => o.value)).toEqual(['EUR', 'GBP', 'USD'])
    expect(to.querySelector('optgroup')?.label).toBe('Crypto Currencies')
    expect([...to.querySelectorAll('option')].map((o) => o.value)).toEqual(
      'BTC ETH ADA ATOM BAT BCH DOT LINK LTC NEO SHIB SOL TRX USDC USDT XLM XRP'.split(' '),
    )
    expect(input('Amount').value).toBe(QUOTE_DEFAULTS.amount)
    app.unmount()
  })

  it('sends the free text and the promo-code line as the message', async () => {
    const app = await renderSignedIn('/app', {
      prepare: (api) =>
        api.on(QUOTE.method, QUOTE.path, () =>
          json(201, { id: 'q-1', status: 'new', createdAt: '2025-03-05T10:15:30.000Z' }),
        ),
    })
    await screen.findByRole('heading', { name: 'Welcome, Anna' })
    await app.user.click(screen.getByRole('button', { name: 'Explore the service' }))
    await typeInto(app, 'Amount', '12,000.75')
    await app.user.click(inDialog().getByRole('button', { name: 'Redeem promo code' }))
    // Left, the field shows the integer the request will carry.
    expect(input('Amount').value).toBe('12000')
    await app.user.type(input('Promo code'), quoteFixtures.promoCode)
    await app.user.type(input('Message'), quoteFixtures.message)
    await app.user.click(inDialog().getByRole('button', { name: 'Next' }))
    await app.user.click(inDialog().getByRole('button', { name: 'Request a quote' }))
    await screen.findByRole('heading', { name: 'Form has been submitted' })
    expect(app.api.last(QUOTE.method, QUOTE.path)?.body).toEqual({
      fromCurrency: 'EUR',
      toCurrency: 'BTC',
      amount: 12000,
      name: 'Anna Kowalska',
      email: 'anna@example.com',
      phone: '',
      country: 'PL',
      message: `${quoteFixtures.message}\nPromo code: ${quoteFixtures.promoCode}`,
    })
    app.unmount()
  })
})
