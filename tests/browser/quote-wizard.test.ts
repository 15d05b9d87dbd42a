import type { Route } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { amountCommitted, profileContact } from '../../src/flows/fixtures/quote-wizard'
import {
  quoteRequestOf,
  quoteWizardMachine,
  type QuoteWizardEvent,
  type QuoteWizardSnapshot,
} from '../../src/machines/quote-wizard/quote-wizard.machine'
import { AMOUNT_REQUIRED, AMOUNT_TOO_LARGE, QUOTE_FAILURE } from '../../src/ui/account/quote-dialog'
import { createQuotePathModel } from '../machines/quote-wizard-model'
import { coveringPaths, runAllPaths, statesWithoutAssertion } from '../support/model-paths'
import {
  browserRunner,
  eventually,
  openFlowPage,
  startBrowserLevel,
  within,
  type BrowserLevel,
  type FlowPage,
} from './support/flow-page'
import { customer, signIn } from './support/signed-in'

const EMAIL = 'anna@example.com'

interface Ctx {
  flow: FlowPage<typeof quoteWizardMachine>
  held: Route[]
}

describe('quote dialog in Chromium through the home page (docs/product/screens.md#quote-dialog, docs/product/flows.md#quote-dialog, docs/product/errors.md#quote-submission-failure)', () => {
  let level: BrowserLevel | undefined
  beforeAll(async () => {
    level = await startBrowserLevel()
    await customer(level, EMAIL)
  })
  afterAll(async () => {
    await level?.close()
  })

  // Each path is a page load: the fewest paths that still walk every state and transition.
  const pm = coveringPaths(createQuotePathModel())

  const dialog = (ctx: Ctx) => ctx.flow.page.getByRole('dialog', { name: 'Request personal quote' })
  const input = (ctx: Ctx, label: string) => dialog(ctx).getByLabel(label, { exact: true })
  const button = (ctx: Ctx, name: string) => dialog(ctx).getByRole('button', { name })
  /**
   * A field shows what the actor holds: both are read until they agree, because the page's own
   * input events (a blur as another field is filled) may still be on their way to the actor.
   */
  const agrees = (ctx: Ctx, label: string, held: (s: QuoteWizardSnapshot) => string) =>
    eventually(async () => {
      const shown = await input(ctx, label).inputValue()
      return shown === held(ctx.flow.snapshot()) ? 'agrees' : `shows ${JSON.stringify(shown)}`
    }).toBe('agrees')
  const shows = async (ctx: Ctx, text: string) => (await dialog(ctx).getByText(text).count()) > 0

  async function typeInto(ctx: Ctx, label: string, value: string) {
    const field = input(ctx, label)
    // Typing what the field already shows: it is cleared first.
    if ((await field.inputValue()) === value) await field.fill(value === '' ? ' ' : '')
    await field.fill(value)
  }

  const runner = browserRunner<typeof quoteWizardMachine, Ctx>({
    async open(run) {
      if (!level) throw new Error('the browser level did not start')
      const flow = await openFlowPage(level, quoteWizardMachine, run?.recorder)
      const ctx: Ctx = { flow, held: [] }
      await signIn(flow.context, level, EMAIL)
      await flow.page.route('**/api/exchange-request', (route) => {
        ctx.held.push(route)
      })
      await flow.page.goto(level.url('/app'))
      await flow.actorStarted()
      await flow.page.getByRole('heading', { name: /^Welcome/ }).waitFor()
      return ctx
    },
    async act(ctx, event) {
      const e = event as QuoteWizardEvent | { type: string }
      const { page } = ctx.flow
      switch (e.type) {
        case 'quote.open':
          await page.getByRole('button', { name: 'Explore the service' }).click()
          break
        case 'quote.close':
          // Step 2 has no Close button: Escape closes the dialog there.
          if (ctx.flow.snapshot().matches('contact')) await page.keyboard.press('Escape')
          else await button(ctx, 'Close').click()
          break
        case 'quote.next':
          await button(ctx, 'Next').click()
          break
        case 'quote.back':
          await button(ctx, 'Back').click()
          break
        case 'quote.submit':
          await button(ctx, 'Request a quote').click()
          break
        case 'verification.go':
          await button(ctx, 'Go to Verification').click()
          break
        case 'promo.reveal':
          await button(ctx, 'Redeem promo code').click()
          break
        case 'amount.change':
          await typeInto(ctx, 'Amount', (e as { value: string }).value)
          break
        case 'amount.commit':
          // Leaving the field (a click elsewhere in the dialog) commits what it shows.
          await dialog(ctx).getByRole('heading', { name: 'Calculation' }).click()
          break
        case 'currency.change': {
          const { side, currency } = e as { side: 'from' | 'to'; currency: string }
          await input(ctx, side === 'from' ? 'Currency' : 'Converted to').selectOption(currency)
          break
        }
        case 'field.change': {
          const { field, value } = e as { field: string; value: string }
          const labels: Record<string, string> = {
            promoCode: 'Promo code',
            message: 'Message',
            phone: 'Contact phone',
          }
          await typeInto(ctx, labels[field] ?? field, value)
          break
        }
        case 'xstate.done.actor.submitQuote':
        case 'xstate.error.actor.submitQuote': {
          const route = await within(
            (async () => {
              while (ctx.held.length === 0) await new Promise((r) => setTimeout(r, 5))
              return ctx.held.splice(0, 1)[0] as Route
            })(),
            'the quote request',
          )
          const sent = route.request().postDataJSON() as Record<string, unknown>
          expect(sent).toEqual(quoteRequestOf(ctx.flow.snapshot().context.values))
          if (e.type === 'xstate.done.actor.submitQuote') await route.continue()
          // The server refuses an amount below 1, which the dialog never sends (it stops at Next).
          else await route.continue({ postData: JSON.stringify({ ...sent, amount: 0 }) })
          break
        }
        default:
          throw new Error(`no browser action for ${e.type}`)
      }
    },
    states: {
      closed: async (ctx) => {
        const { page } = ctx.flow
        await eventually(() => page.getByRole('dialog').count()).toBe(0)
        if (new URL(page.url()).pathname === '/app/verification')
          await page.getByRole('heading', { name: 'Verification' }).waitFor()
        else {
          expect(new URL(page.url()).pathname).toBe('/app')
          await page.getByRole('button', { name: 'Get a quote' }).waitFor()
        }
      },
      calculation: async (ctx, s: QuoteWizardSnapshot) => {
        const { values, promoOpen, amountError } = s.context
        await dialog(ctx).getByRole('heading', { name: 'Calculation' }).waitFor()
        await dialog(ctx)
          .getByText('One time offer: First transaction minimum set to €1000 only')
          .waitFor()
        // The field shows what the customer typed, or once left the integer that is sent.
        await agrees(ctx, 'Amount', (now) => now.context.amountText)
        if (amountCommitted(s))
          expect(await input(ctx, 'Amount').inputValue()).toBe(
            values.amount === '0' ? '' : values.amount,
          )
        expect(await input(ctx, 'Currency').inputValue()).toBe(values.fromCurrency)
        expect(await input(ctx, 'Converted to').inputValue()).toBe(values.toCurrency)
        await agrees(ctx, 'Message', (now) => now.context.values.message)
        if (promoOpen) {
          await agrees(ctx, 'Promo code', (now) => now.context.values.promoCode)
          expect(await button(ctx, 'Redeem promo code').count()).toBe(0)
        } else expect(await input(ctx, 'Promo code').count()).toBe(0)
        // The amount's message, at the amount, only after Next without a sendable one.
        await eventually(() => shows(ctx, AMOUNT_REQUIRED)).toBe(amountError === 'missing')
        expect(await shows(ctx, AMOUNT_TOO_LARGE)).toBe(amountError === 'too-large')
        expect(await button(ctx, 'Close').count()).toBe(1)
      },
      contact: async (ctx, s: QuoteWizardSnapshot) => {
        await dialog(ctx).getByRole('heading', { name: 'Contact information' }).waitFor()
        expect(amountCommitted(s)).toBe(true)
        // Prefilled from the profile.
        expect(await input(ctx, 'Name').inputValue()).toBe(profileContact.name)
        expect(await input(ctx, 'Contact email').inputValue()).toBe(EMAIL)
        await agrees(ctx, 'Contact phone', (now) => now.context.values.phone)
        expect(await input(ctx, 'Country').inputValue()).toBe(profileContact.country)
        expect(await button(ctx, 'Back').count()).toBe(1)
      },
      'contact.editing': async (ctx) => {
        expect(await dialog(ctx).getByRole('alert').count()).toBe(0)
        await eventually(() => button(ctx, 'Request a quote').isEnabled()).toBe(true)
      },
      'contact.failed': async (ctx) => {
        // Decision 030: a failed submit stays on step 2 and says so.
        await eventually(() => dialog(ctx).getByRole('alert').textContent()).toBe(QUOTE_FAILURE)
      },
      submitting: async (ctx) => {
        await eventually(() => button(ctx, 'Request a quote').isDisabled()).toBe(true)
        expect(await dialog(ctx).getByRole('alert').count()).toBe(0)
      },
      submitted: async (ctx) => {
        await dialog(ctx).getByRole('heading', { name: 'Form has been submitted' }).waitFor()
        expect(
          await dialog(ctx)
            .getByText(/will be sent to/)
            .textContent(),
        ).toContain(EMAIL)
        await dialog(ctx)
          .getByText(/check your spam folder/)
          .waitFor()
        await dialog(ctx)
          .getByText(/mandatory to proceed with the transaction/)
          .waitFor()
        expect(await button(ctx, 'Close').count()).toBe(1)
      },
    },
  })

  it('has an assertion for every state', () => {
    expect(statesWithoutAssertion(pm, runner.states)).toEqual([])
  })

  it('takes every state and transition through the dialog against the real server', async () => {
    const report = await runAllPaths(pm, runner, 'browser')
    expect(report.states.missing).toEqual([])
    expect(report.transitions.missing).toEqual([])
  })
})
