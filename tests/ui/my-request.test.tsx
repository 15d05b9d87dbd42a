import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  selectMyRequestView,
  type CustomerRequestDetails,
  type MyRequestSnapshot,
} from '../../src/machines/my-request/my-request.machine'
import { formatDateTime } from '../../src/ui/account/date-time'
import {
  ACCEPT_OFFER,
  BACK_TO_REQUESTS,
  CUSTOMER_STATUS_LABELS,
  DECLINE_OFFER,
  EXPIRED_TEXT,
  MESSAGES_TITLE,
  NOTICE_TEXT,
  OFFER_EXPIRED_BADGE,
  OFFER_TITLE,
  REPLY_LABEL,
  REPLY_PROBLEM_TEXT,
  REQUEST_LOAD_FAILED,
  REQUEST_NOT_FOUND,
  requestFailureText,
  SEND_REPLY,
  STALE_TEXT,
  TIMELINE_TITLE,
  TRY_AGAIN,
} from '../../src/ui/account/request-texts'
import {
  NO_REQUEST_PAYMENTS,
  PAY_BY_CARD,
  PAYMENT_FOR_REQUEST,
  PAYMENT_STATUS_LABELS,
  paymentFigures,
  REQUEST_PAYMENTS_TITLE,
} from '../../src/ui/account/payment-texts'
import { PAYMENT_ERRORS } from '../../src/ui/account/home-page'
import {
  accepted,
  clock,
  offerReady,
  refusals,
  replyText,
} from '../../src/flows/fixtures/my-request'
import { completedPayment } from '../../src/flows/fixtures/my-payments'
import { session } from '../../src/flows/fixtures/payment-widget'
import { newerRequest } from '../../src/flows/fixtures/my-requests'
import { createMyRequestPathModel } from '../machines/my-request-model'
import {
  coveringPaths,
  runAllPaths,
  statesWithoutAssertion,
  type PathRunner,
} from '../support/model-paths'
import { renderSignedIn } from './home-support'
import { json, type FakeApi } from './support/fake-api'
import type { RenderedApp } from './support/render-app'
import { requestStream } from './support/request-stream'
import { answerAll, refusalResponse, settle } from './support/security-ui'

const base = `/api/exchange-request/${newerRequest.id}`
const GET = { method: 'GET', path: base }
const ACCEPT = { method: 'POST', path: `${base}/offer/acceptance` }
const DECLINE = { method: 'POST', path: `${base}/offer/refusal` }
const REPLY = { method: 'POST', path: `${base}/messages` }
const SESSION = { method: 'POST', path: '/api/paybis/createRequest' }

interface Ctx {
  app: RenderedApp
  stream: ReturnType<typeof requestStream>
}

const snapshotOf = (ctx: Ctx) => ctx.app.probe.actor('myRequest').getSnapshot() as MyRequestSnapshot
const button = (name: string) => screen.queryByRole('button', { name }) as HTMLButtonElement | null
const group = (name: string) => within(screen.getByRole('group', { name }))
const textarea = () => screen.getByLabelText(REPLY_LABEL) as HTMLTextAreaElement

async function open(path: string, prepare?: (api: FakeApi) => void) {
  let stream: Ctx['stream'] | undefined
  const app = await renderSignedIn(path, {
    prepare: (api) => {
      stream = requestStream(api)
      prepare?.(api)
    },
  })
  if (!stream) throw new Error('no stream')
  return { app, stream }
}

/** What the page shows of a request that was read. */
function expectRequest(details: CustomerRequestDetails, s: MyRequestSnapshot) {
  const view = selectMyRequestView(s)
  const { request, offer } = details
  expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
    `${String(request.amount)} ${request.fromCurrency} → ${request.toCurrency}`,
  )
  expect(
    group(TIMELINE_TITLE)
      .getAllByRole('listitem')
      .map((li) => li.textContent),
  ).toEqual(
    details.timeline.map((t) => `${CUSTOMER_STATUS_LABELS[t.status]} ${formatDateTime(t.at)}`),
  )
  if (offer) {
    const card = group(OFFER_TITLE)
    // The figures exactly as the decimal strings received.
    expect(card.getByText(`1 ${request.toCurrency} = ${offer.rate} ${request.fromCurrency}`))
    expect(card.getByText(`${offer.amountPaid} ${request.fromCurrency}`)).toBeTruthy()
    expect(card.getByText(`${offer.amountReceived} ${request.toCurrency}`)).toBeTruthy()
    expect(card.getByText(`${offer.fee} ${request.fromCurrency} (${offer.feePercent})`))
    expect(card.queryByText(OFFER_EXPIRED_BADGE) !== null).toBe(view.offerExpired)
  }
  expect(button(ACCEPT_OFFER) !== null).toBe(view.offerActions)
  expect(button(DECLINE_OFFER) !== null).toBe(view.offerActions)
  // Plain text: markup from the thread is shown as written, never rendered.
  const thread = group(MESSAGES_TITLE)
  for (const message of details.messages) expect(thread.getByText(message.text)).toBeTruthy()
  expect(thread.queryByText('your', { selector: 'b' })).toBeNull()
  // 'Pay by card' only while the request waits for payment.
  expect(button(PAY_BY_CARD) !== null).toBe(view.canPay)
  expect(screen.queryByRole('group', { name: REQUEST_PAYMENTS_TITLE }) !== null).toBe(
    view.canPay || details.payments.length > 0,
  )
  expect(screen.queryByLabelText(REPLY_LABEL) !== null).toBe(view.canReply)
  if (view.canReply) expect(textarea().value).toBe(s.context.draft)
}

describe('one request at /app/requests/$requestId (issue 28 part 5)', () => {
  // Each path loads the page: the fewest paths that still walk every state and transition.
  const pm = coveringPaths(createMyRequestPathModel())

  afterEach(() => {
    vi.useRealTimers()
  })

  const runner: PathRunner<typeof pm.machine, Ctx> = {
    async setup(inspect) {
      // Only the clock is faked: the page's one-second tick reads it.
      vi.useFakeTimers({ toFake: ['Date'] })
      vi.setSystemTime(new Date(clock.before))
      let stream: Ctx['stream'] | undefined
      const app = await renderSignedIn(`/app/requests/${newerRequest.id}`, {
        machineId: 'myRequest',
        inspect,
        prepare: (api) => {
          for (const route of [GET, ACCEPT, DECLINE, REPLY]) api.hold(route.method, route.path)
          stream = requestStream(api)
        },
      })
      await settle()
      if (!stream) throw new Error('no stream')
      return { app, stream }
    },
    async event(ctx, event) {
      const e = event as {
        type: string
        output?: unknown
        error?: unknown
        requestId?: string
        text?: string
        now?: string
      }
      const { api, user } = ctx.app
      const answer = async (route: { method: string; path: string }) => {
        if (e.type.startsWith('xstate.done'))
          await answerAll(api, route.method, route.path, () => json(200, e.output))
        else await answerAll(api, route.method, route.path, () => refusalResponse(e.error))
      }
      if (e.type.endsWith('.getRequest')) await answer(GET)
      else if (e.type.endsWith('.acceptOffer')) await answer(ACCEPT)
      else if (e.type.endsWith('.declineOffer')) await answer(DECLINE)
      else if (e.type.endsWith('.sendReply')) await answer(REPLY)
      else if (e.type === 'request.reload')
        await user.click(screen.getByRole('button', { name: TRY_AGAIN }))
      else if (e.type === 'request.changed') await ctx.stream.send(e.requestId ?? '', 'offer')
      else if (e.type === 'offer.accept') await user.click(button(ACCEPT_OFFER) as HTMLElement)
      else if (e.type === 'offer.decline') await user.click(button(DECLINE_OFFER) as HTMLElement)
      else if (e.type === 'reply.change') {
        await user.clear(textarea())
        await user.type(textarea(), e.text ?? '')
      } else if (e.type === 'reply.send') await user.click(button(SEND_REPLY) as HTMLElement)
      // The page's clock ticks every second: the next tick reads the new time.
      else if (e.type === 'clock.tick') vi.setSystemTime(new Date(e.now ?? ''))
      else throw new Error(`no UI step for ${e.type}`)
      await settle()
    },
    snapshot: (ctx) => snapshotOf(ctx) as never,
    settleMs: 2500,
    states: {
      loading: () => {
        expect(screen.getByText('Loading…')).toBeTruthy()
      },
      loadFailed: () => {
        expect(screen.getByRole('alert').textContent).toBe(REQUEST_LOAD_FAILED)
        expect(button(TRY_AGAIN)).toBeTruthy()
      },
      notFound: () => {
        expect(screen.getByRole('heading', { name: REQUEST_NOT_FOUND })).toBeTruthy()
        expect(screen.getByRole('link', { name: BACK_TO_REQUESTS }).getAttribute('href')).toBe(
          '/app/requests',
        )
      },
      ready: (_ctx, s) => {
        expectRequest(s.context.details ?? offerReady, s)
      },
      'ready.idle': (_ctx, s) => {
        const { failure, notice, replyProblem } = selectMyRequestView(s)
        expect(screen.queryByRole('alert')?.textContent ?? null).toBe(
          failure ? requestFailureText(failure) : null,
        )
        expect(screen.getByRole('status').textContent).toBe(notice ? NOTICE_TEXT[notice] : '')
        if (replyProblem) expect(screen.getByText(REPLY_PROBLEM_TEXT[replyProblem])).toBeTruthy()
        for (const name of [ACCEPT_OFFER, DECLINE_OFFER, SEND_REPLY, PAY_BY_CARD])
          if (button(name)) expect(button(name)?.disabled).toBe(false)
      },
      'ready.refreshing': (ctx) => {
        expect(ctx.app.api.count(GET.method, GET.path)).toBeGreaterThan(1)
        for (const name of [ACCEPT_OFFER, DECLINE_OFFER, SEND_REPLY, PAY_BY_CARD])
          if (button(name)) expect(button(name)?.disabled).toBe(true)
      },
      'ready.accepting': (ctx, s) => {
        expect(button(ACCEPT_OFFER)?.getAttribute('aria-busy')).toBe('true')
        expect(ctx.app.api.last(ACCEPT.method, ACCEPT.path)?.body).toEqual({
          version: s.context.details?.version,
        })
      },
      'ready.declining': (ctx, s) => {
        expect(button(DECLINE_OFFER)?.getAttribute('aria-busy')).toBe('true')
        expect(ctx.app.api.last(DECLINE.method, DECLINE.path)?.body).toEqual({
          version: s.context.details?.version,
        })
      },
      'ready.replying': (ctx) => {
        expect(button(SEND_REPLY)?.getAttribute('aria-busy')).toBe('true')
        expect(ctx.app.api.last(REPLY.method, REPLY.path)?.body).toEqual({ text: replyText })
      },
    },
    teardown: (ctx) => {
      ctx.app.unmount()
      vi.useRealTimers()
    },
  }

  it('has an assertion for every state', () => {
    expect(statesWithoutAssertion(pm, runner.states)).toEqual([])
  })

  it('takes every state and transition through the page', async () => {
    const report = await runAllPaths(pm, runner, 'ui')
    expect(report.states.missing).toEqual([])
    expect(report.transitions.missing).toEqual([])
  }, 300_000)
})

describe('the request page', () => {
  it('says a stale offer changed, and an expired one expired', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date(clock.before))
    let accepts = 0
    const { app } = await open(`/app/requests/${newerRequest.id}`, (api) =>
      api
        .on(GET.method, GET.path, () => json(200, offerReady))
        .on(ACCEPT.method, ACCEPT.path, () =>
          refusalResponse(accepts++ === 0 ? refusals.stale : refusals.expired),
        ),
    )
    await app.user.click(await screen.findByRole('button', { name: ACCEPT_OFFER }))
    await settle()
    expect(screen.getByRole('alert').textContent).toBe(STALE_TEXT)
    expect(app.api.count(GET.method, GET.path)).toBeGreaterThanOrEqual(2)
    await app.user.click(screen.getByRole('button', { name: ACCEPT_OFFER }))
    await settle()
    expect(screen.getByRole('alert').textContent).toBe(EXPIRED_TEXT)
    expect(button(ACCEPT_OFFER)).toBeNull()
    app.unmount()
  })

  it('refuses a blank reply without calling the server', async () => {
    const { app } = await open(`/app/requests/${newerRequest.id}`, (api) =>
      api.on(GET.method, GET.path, () => json(200, offerReady)),
    )
    await app.user.type(await screen.findByLabelText(REPLY_LABEL), '   ')
    await app.user.click(screen.getByRole('button', { name: SEND_REPLY }))
    expect(screen.getByText(REPLY_PROBLEM_TEXT.blank)).toBeTruthy()
    expect(app.api.count(REPLY.method, REPLY.path)).toBe(0)
    expect(textarea().maxLength).toBe(2000)
    app.unmount()
  })
})

describe('paying for the request by card (docs/product/payments.md#paying-for-a-request)', () => {
  const path = `/app/requests/${newerRequest.id}`
  const payment = { ...completedPayment, requestId: newerRequest.id }

  it('opens the widget for this request and reads the request again when it closes', async () => {
    let reads = 0
    const { app } = await open(path, (api) =>
      api
        .on(GET.method, GET.path, () =>
          json(200, reads++ === 0 ? accepted : { ...accepted, payments: [payment] }),
        )
        .on(SESSION.method, SESSION.path, () => json(200, session)),
    )
    const pay = await screen.findByRole('button', { name: PAY_BY_CARD })
    expect(group(REQUEST_PAYMENTS_TITLE).getByText(NO_REQUEST_PAYMENTS)).toBeTruthy()
    await app.user.click(pay)
    await settle()
    // The session is for this request.
    expect(app.api.last(SESSION.method, SESSION.path)?.body).toEqual({
      exchangeRequestId: newerRequest.id,
    })
    expect(screen.getByTitle('Card payment').getAttribute('src')).toBe(session.widgetUrl)
    expect(app.api.count(GET.method, GET.path)).toBe(1)
    await app.user.click(screen.getByRole('button', { name: 'Close' }))
    await settle()
    expect(screen.queryByTitle('Card payment')).toBeNull()
    expect(app.api.count(GET.method, GET.path)).toBe(2)
    // As /app/payments shows it, without the link to the request the page already is.
    const list = within(screen.getByRole('list', { name: REQUEST_PAYMENTS_TITLE }))
    expect(list.getByText(paymentFigures(payment))).toBeTruthy()
    expect(list.getByText(PAYMENT_STATUS_LABELS.completed)).toBeTruthy()
    expect(list.queryByRole('link', { name: PAYMENT_FOR_REQUEST })).toBeNull()
    expect(screen.queryByText(NO_REQUEST_PAYMENTS)).toBeNull()
    app.unmount()
  })

  it('says why the widget could not open, and reads the request again', async () => {
    const { app } = await open(path, (api) =>
      api
        .on(GET.method, GET.path, () => json(200, accepted))
        .on(SESSION.method, SESSION.path, () => refusalResponse(refusals.closed)),
    )
    await app.user.click(await screen.findByRole('button', { name: PAY_BY_CARD }))
    await settle()
    expect(group(REQUEST_PAYMENTS_TITLE).getByRole('alert').textContent).toBe(
      PAYMENT_ERRORS.unavailable,
    )
    expect(app.api.count(GET.method, GET.path)).toBe(2)
    app.unmount()
  })

  it('offers no card payment before the offer is accepted, and lists past payments', async () => {
    const { app } = await open(path, (api) =>
      api.on(GET.method, GET.path, () =>
        json(200, {
          ...offerReady,
          request: { ...newerRequest, status: 'completed' },
          payments: [payment],
        }),
      ),
    )
    const list = await screen.findByRole('list', { name: REQUEST_PAYMENTS_TITLE })
    expect(within(list).getByText(paymentFigures(payment))).toBeTruthy()
    expect(button(PAY_BY_CARD)).toBeNull()
    app.unmount()
  })
})
