/**
 * The request lifecycle's browser level (docs/product/requests.md#lifecycle): the machine runs on
 * the server, so each path keeps a local actor of it for the coverage recorder, and makes the
 * right party take each step through the real pages: the desk's events by a manager (one who is
 * also in compliance, for holds) and a second manager (four-eyes, reassigning), the customer's by
 * the customer, an expiry by moving the server's clock past the offer's validity. After every step
 * the server's state is the local actor's, and every page shows it.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createActor, type Actor } from 'xstate'
import type { components } from '../../openapi/main.gen.ts'
import {
  CUSTOMER_STATUS_LABELS,
  customerStatus,
  type LifecycleEvent,
  type RequestState,
} from '../../domain/request-lifecycle.machine'
import { requestLifecycleMachine } from '../../src/machines/request-lifecycle/request-lifecycle.machine'
import { stateNames } from '../../src/ui/ops/ops-texts'
import { launchChromium } from '../e2e/support/chromium'
import { startInProcessServer } from '../e2e/support/in-process-server'
import { createLifecyclePathModel } from '../machines/request-lifecycle-model'
import { bearer, expectTokens, verifiedUser } from '../server/support/accounts.ts'
import { codeNowOn } from '../server/support/second-factor.ts'
import { staffOn, type StaffMember } from '../server/support/staff.ts'
import type { TestServer } from '../server/support/test-server.ts'
import {
  coveringPaths,
  runAllPaths,
  statesWithoutAssertion,
  type PathRunner,
} from '../support/model-paths'

type Schemas = components['schemas']
type Machine = typeof requestLifecycleMachine

/** The offer's figures by the converter's rules (1000 or 20000 EUR at 61087.80, fee tiers). */
const OFFERS = {
  small: { rate: '61087.80', amountPaid: '1000.00' },
  // At or above the four-eyes threshold (15000): it waits for a second manager.
  large: { rate: '61087.80', amountPaid: '20000.00' },
}
const VALID_MINUTES = 10

interface Party {
  context: BrowserContext
  page: Page
}
interface Ctx {
  id: string
  customer: Party & { email: string; password: string }
  actor: Actor<Machine>
  /** Who the request is assigned to on the server: the lead or the second manager. */
  assignee: 'lead' | 'second' | null
}

describe('the request lifecycle in Chromium: desk and customer against the real server', () => {
  let server: TestServer | undefined
  let browser: { browser: Browser; close(): Promise<void> } | undefined
  let lead: StaffMember
  let second: StaffMember
  /**
   * Customers take the paths in turn, each signed in on a page of its own: one may ask for 20
   * quotes an hour.
   */
  const customers: (Party & { email: string; password: string })[] = []
  const staffPages: Record<'lead' | 'second', Party> = {} as never

  const serverOf = () => {
    if (!server) throw new Error('the server did not start')
    return server
  }
  const at = (path: string) => serverOf().config.publicUrl + path

  async function staffSignIn(page: Page, member: StaffMember) {
    const srv = serverOf()
    await page.goto(at('/app/login'))
    await page.getByLabel('Email', { exact: true }).fill(member.email)
    await page.getByLabel('Password', { exact: true }).fill(member.password)
    await page.getByRole('button', { name: 'Log in' }).click()
    await page.getByRole('heading', { name: 'Two-step verification' }).waitFor()
    await page.getByLabel('Code from your app').fill(await codeNowOn(srv, member.secret ?? ''))
    await page.getByRole('button', { name: 'Verify' }).click()
    await page.waitForURL(at('/ops'))
  }

  beforeAll(async () => {
    // Tokens outlive the run's clock moves (two offers' validity).
    ;[server, browser] = await Promise.all([
      startInProcessServer({ ACCESS_TOKEN_TTL: '7200' }),
      launchChromium(),
    ])
    const srv = server
    ;[lead, second] = await Promise.all([
      staffOn(srv, ['manager', 'compliance']),
      staffOn(srv, ['manager']),
    ])
    staffPages.lead = await party()
    staffPages.second = await party()
    // Codes of a time step not used yet (enrolment used the current one).
    srv.clock.offsetMs += 60_000
    await Promise.all([
      staffSignIn(staffPages.lead.page, lead),
      staffSignIn(staffPages.second.page, second),
      ...Array.from({ length: Math.ceil(pm.paths.length / 15) }, () => signedInCustomer()),
    ])
  })
  async function party(): Promise<Party> {
    if (!browser) throw new Error('Chromium did not start')
    const context = await browser.browser.newContext({
      viewport: { width: 1280, height: 900 },
      timezoneId: 'UTC',
    })
    context.setDefaultTimeout(10_000)
    return { context, page: await context.newPage() }
  }
  async function signedInCustomer() {
    const account = await verifiedUser(serverOf())
    const { context, page } = await party()
    await page.goto(at('/app/login'))
    await page.getByLabel('Email', { exact: true }).fill(account.email)
    await page.getByLabel('Password', { exact: true }).fill(account.password)
    await page.getByRole('button', { name: 'Log in' }).click()
    await page.waitForURL(at('/app'))
    customers.push({ ...account, context, page })
  }
  afterAll(async () => {
    await browser?.close()
    await server?.stop()
  })

  const pm = coveringPaths(createLifecyclePathModel())

  /** The request as the desk reads it, with the lead's token. */
  async function onServer(id: string): Promise<Schemas['DeskRequestDetails']['summary']> {
    const answer = await serverOf().api('GET', `/api/ops/requests/${id}`, undefined, lead.auth)
    expect(answer.status, answer.text).toBe(200)
    return (answer.body as Schemas['DeskRequestDetails']).summary
  }
  const deskField = (page: Page, term: string) =>
    page.locator(`dl.ops-details dt:text-is("${term}") + dd`).textContent()
  const customerStatusShown = (ctx: Ctx) =>
    ctx.customer.page.locator('.account-lead .request-status').textContent()
  const actions = (page: Page) => page.getByRole('group', { name: 'Actions' })
  const doneOnDesk = async (page: Page, text: string) => {
    await page.getByRole('status').filter({ hasText: text }).waitFor()
  }

  async function withReason(page: Page, action: string, submit = action) {
    await actions(page).getByRole('button', { name: action, exact: true }).click()
    await page.getByLabel('Reason', { exact: true }).fill(`Reason for ${action}`)
    await page.getByRole('form').getByRole('button', { name: submit, exact: true }).click()
  }

  async function sendOffer(page: Page, large: boolean) {
    const offer = large ? OFFERS.large : OFFERS.small
    const srv = serverOf()
    await actions(page).getByRole('button', { name: 'Make an offer' }).click()
    await page.getByLabel('Rate (price of 1 BTC in EUR)').fill(offer.rate)
    await page.getByLabel('Amount paid (EUR)').fill(offer.amountPaid)
    const validUntil = new Date(Date.now() + srv.clock.offsetMs + VALID_MINUTES * 60_000)
    await page.getByLabel('Valid until').fill(validUntil.toISOString().slice(0, 16))
    await page.getByRole('button', { name: 'Send the offer' }).click()
    await doneOnDesk(page, 'The offer was recorded.')
  }

  /** Makes the event happen through the party whose step it is. */
  async function act(ctx: Ctx, event: LifecycleEvent) {
    const leadPage = staffPages.lead.page
    const secondPage = staffPages.second.page
    const customerPage = ctx.customer.page
    switch (event.type) {
      case 'assignRequest': {
        // The first assignment is the lead's; a reassignment goes to whoever does not hold it.
        const who = ctx.assignee === 'lead' ? 'second' : 'lead'
        const page = staffPages[who].page
        await actions(page).getByRole('button', { name: 'Assign to me' }).click()
        await doneOnDesk(page, 'The request is assigned to you.')
        ctx.assignee = who
        break
      }
      case 'startRequestReview':
        await actions(leadPage).getByRole('button', { name: 'Start the review' }).click()
        await doneOnDesk(leadPage, 'The review has started.')
        break
      case 'holdRequest':
        await withReason(leadPage, 'Put on hold')
        await doneOnDesk(leadPage, 'The request is on hold.')
        break
      case 'releaseRequest':
        await withReason(leadPage, 'Release the hold')
        await doneOnDesk(leadPage, 'The hold is lifted.')
        break
      case 'askCustomer':
        await actions(leadPage).getByRole('button', { name: 'Ask the customer' }).click()
        await leadPage.getByLabel('Question to the customer').fill('Which wallet will you use?')
        await leadPage.getByRole('button', { name: 'Send the question' }).click()
        await doneOnDesk(leadPage, 'The question was sent to the customer.')
        break
      case 'sendOffer':
        await sendOffer(leadPage, event.offer.needsApproval)
        break
      case 'approveOffer':
        // Four-eyes: the manager who did not record it.
        await actions(secondPage).getByRole('button', { name: 'Approve the offer' }).click()
        await doneOnDesk(secondPage, 'The offer was approved and sent.')
        break
      case 'rejectOffer':
        await withReason(secondPage, 'Send the offer back')
        await doneOnDesk(secondPage, 'The offer was sent back.')
        break
      case 'declineRequest':
        await withReason(leadPage, 'Decline')
        await doneOnDesk(leadPage, 'The request was declined.')
        break
      case 'completeRequest':
        await actions(leadPage).getByRole('button', { name: 'Mark as paid and completed' }).click()
        await doneOnDesk(leadPage, 'The request is completed.')
        break
      case 'cancelRequest':
        await withReason(leadPage, 'Cancel the request')
        await doneOnDesk(leadPage, 'The request was cancelled.')
        break
      case 'replyToExchangeRequest':
        await customerPage.getByLabel('Your message').fill('My Ledger, address bc1q…')
        await customerPage.getByRole('button', { name: 'Send', exact: true }).click()
        await customerPage
          .getByRole('status')
          .filter({ hasText: 'Your message was sent.' })
          .waitFor()
        break
      case 'acceptOffer':
        await customerPage.getByRole('button', { name: 'Accept offer' }).click()
        await customerPage
          .getByRole('status')
          .filter({ hasText: 'You accepted the offer.' })
          .waitFor()
        break
      case 'declineOffer':
        await customerPage.getByRole('button', { name: 'Decline offer' }).click()
        await customerPage
          .getByRole('status')
          .filter({ hasText: 'You declined the offer.' })
          .waitFor()
        break
      case 'expireOffer': {
        // Past the offer's validity on the server's clock: its job ends the offer.
        serverOf().clock.offsetMs += (VALID_MINUTES + 1) * 60_000
        break
      }
    }
  }

  /** Every step: the server holds the local actor's state, and every page shows it. */
  async function agrees(ctx: Ctx) {
    const state = ctx.actor.getSnapshot().value as RequestState
    await expect.poll(async () => (await onServer(ctx.id)).state, { timeout: 15_000 }).toBe(state)
    const { version } = await onServer(ctx.id)
    for (const party of [staffPages.lead, staffPages.second]) {
      await expect.poll(() => deskField(party.page, 'State')).toBe(stateNames[state])
      await expect.poll(() => deskField(party.page, 'Version')).toBe(String(version))
    }
    await expect
      .poll(() => customerStatusShown(ctx))
      .toBe(CUSTOMER_STATUS_LABELS[customerStatus(state)])
  }

  let paths = 0
  const runner: PathRunner<Machine, Ctx> = {
    async setup(inspect) {
      const srv = serverOf()
      const customer = customers[paths++ % customers.length]
      if (!customer) throw new Error('no customer signed in')
      const tokens = expectTokens(
        await srv.api('POST', '/api/auth/login', {
          email: customer.email,
          password: customer.password,
        }),
      )
      const created = await srv.api(
        'POST',
        '/api/exchange-request',
        {
          fromCurrency: 'EUR',
          toCurrency: 'BTC',
          amount: 1000,
          name: 'Anna Kowalska',
          email: customer.email,
          phone: '',
          country: 'PL',
          message: '',
        },
        bearer(tokens.accessToken),
      )
      expect(created.status, created.text).toBe(201)
      const id = (created.body as { id: string }).id
      await Promise.all([
        staffPages.lead.page.goto(at(`/ops/requests/${id}`)),
        staffPages.second.page.goto(at(`/ops/requests/${id}`)),
        customer.page.goto(at(`/app/requests/${id}`)),
      ])
      const actor = createActor(requestLifecycleMachine, { input: {}, inspect })
      actor.start()
      return { id, customer, actor, assignee: null }
    },
    async event(ctx, event) {
      const before = (await onServer(ctx.id)).version
      await act(ctx, event as LifecycleEvent)
      // Every step the server takes is a new version, even one that stays in its state.
      await expect
        .poll(async () => (await onServer(ctx.id)).version, { timeout: 15_000 })
        .toBeGreaterThan(before)
      ctx.actor.send(event as LifecycleEvent)
    },
    snapshot: (ctx) => ctx.actor.getSnapshot(),
    states: Object.fromEntries(
      pm.stateKeys.map((key) => [key, (ctx: Ctx) => agrees(ctx)] as const),
    ),
    teardown(ctx) {
      ctx.actor.stop()
    },
  }

  it('has an assertion for every state', () => {
    expect(statesWithoutAssertion(pm, runner.states)).toEqual([])
  })

  it('takes every state and transition through the desk and the customer’s pages', async () => {
    try {
      const report = await runAllPaths(pm, runner, 'browser')
      expect(report.states.missing).toEqual([])
      expect(report.transitions.missing).toEqual([])
    } catch (error) {
      const shown = { ...staffPages, customer: customers[(paths - 1) % customers.length] }
      for (const [name, party] of Object.entries(shown)) {
        if (!party) continue
        console.error(
          `${name} at ${party.page.url()}:\n${await party.page
            .evaluate(() => document.body.innerText)
            .catch(() => '?')}`,
        )
      }
      throw error
    }
  })
})
