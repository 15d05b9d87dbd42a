import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type {
  MyPaymentsSnapshot,
  Payment,
} from '../../src/machines/my-payments/my-payments.machine'
import { formatDateTime } from '../../src/ui/account/date-time'
import {
  NO_PAYMENTS,
  PAYMENT_FOR_REQUEST,
  PAYMENT_STATUS_LABELS,
  paymentFigures,
  PAYMENTS_LINK,
  PAYMENTS_LOAD_FAILED,
  PAYMENTS_TITLE,
  REFRESH_PAYMENTS,
} from '../../src/ui/account/payment-texts'
import { TRY_AGAIN } from '../../src/ui/account/request-texts'
import { completedPayment, somePayments } from '../../src/flows/fixtures/my-payments'
import { createMyPaymentsPathModel } from '../machines/my-payments-model'
import { runAllPaths, statesWithoutAssertion, type PathRunner } from '../support/model-paths'
import { renderSignedIn } from './home-support'
import { json } from './support/fake-api'
import type { RenderedApp } from './support/render-app'
import { answerAll, refusalResponse, settle } from './support/security-ui'

const LIST = { method: 'GET', path: '/api/payments' }

interface Ctx {
  app: RenderedApp
}

const snapshotOf = (ctx: Ctx) =>
  ctx.app.probe.actor('myPayments').getSnapshot() as MyPaymentsSnapshot
const rowText = (p: Payment) =>
  `${paymentFigures(p)}${PAYMENT_STATUS_LABELS[p.status]}${formatDateTime(p.createdAt)}${
    p.requestId ? PAYMENT_FOR_REQUEST : ''
  }`

function expectList(payments: readonly Payment[]) {
  if (payments.length === 0) {
    expect(screen.getByText(NO_PAYMENTS)).toBeTruthy()
    expect(screen.queryByRole('list', { name: PAYMENTS_TITLE })).toBeNull()
    return
  }
  const rows = within(screen.getByRole('list', { name: PAYMENTS_TITLE })).getAllByRole('listitem')
  expect(rows.map((r) => r.textContent)).toEqual(payments.map(rowText))
}

describe('the customer’s payments at /app/payments (docs/product/payments.md)', () => {
  const pm = createMyPaymentsPathModel()

  const runner: PathRunner<typeof pm.machine, Ctx> = {
    async setup(inspect) {
      const app = await renderSignedIn('/app/payments', {
        machineId: 'myPayments',
        inspect,
        prepare: (api) => {
          api.hold(LIST.method, LIST.path)
        },
      })
      await screen.findByRole('heading', { name: PAYMENTS_TITLE })
      return { app }
    },
    async event(ctx, event) {
      const e = event as { type: string; output?: unknown; error?: unknown }
      if (e.type === 'xstate.done.actor.listPayments')
        await answerAll(ctx.app.api, LIST.method, LIST.path, () =>
          json(200, { items: e.output as Payment[] }),
        )
      else if (e.type === 'xstate.error.actor.listPayments')
        await answerAll(ctx.app.api, LIST.method, LIST.path, () => refusalResponse(e.error))
      else if (e.type === 'payments.reload') {
        const name = snapshotOf(ctx).matches('loadFailed') ? TRY_AGAIN : REFRESH_PAYMENTS
        await ctx.app.user.click(screen.getByRole('button', { name }))
      } else throw new Error(`no UI step for ${e.type}`)
      await settle()
    },
    snapshot: (ctx) => snapshotOf(ctx) as never,
    settleMs: 2000,
    states: {
      loading: (_ctx, s) => {
        // A list already shown stays while it is read again, its 'Refresh' disabled.
        if (s.context.payments === null) expect(screen.getByText('Loading…')).toBeTruthy()
        else {
          expectList(s.context.payments)
          expect(
            (screen.getByRole('button', { name: REFRESH_PAYMENTS }) as HTMLButtonElement).disabled,
          ).toBe(true)
        }
      },
      listed: (_ctx, s) => {
        expectList(s.context.payments ?? [])
        expect(screen.queryByRole('alert')).toBeNull()
        expect(
          (screen.getByRole('button', { name: REFRESH_PAYMENTS }) as HTMLButtonElement).disabled,
        ).toBe(false)
      },
      loadFailed: () => {
        expect(screen.getByRole('alert').textContent).toBe(PAYMENTS_LOAD_FAILED)
        expect(screen.getByRole('button', { name: TRY_AGAIN })).toBeTruthy()
      },
    },
    teardown: (ctx) => {
      ctx.app.unmount()
    },
  }

  it('has an assertion for every state', () => {
    expect(statesWithoutAssertion(pm, runner.states)).toEqual([])
  })

  it('takes every state and transition through the page', async () => {
    const report = await runAllPaths(pm, runner, 'ui')
    expect(report.states.missing).toEqual([])
    expect(report.transitions.missing).toEqual([])
  }, 120_000)
})

describe('the payments page', () => {
  it('is linked from the top bar and shows each payment with its exact figures', async () => {
    const app = await renderSignedIn('/app', {
      prepare: (api) => api.on(LIST.method, LIST.path, () => json(200, { items: somePayments })),
    })
    await app.user.click(await screen.findByRole('link', { name: PAYMENTS_LINK }))
    await screen.findByRole('heading', { name: PAYMENTS_TITLE })
    await settle()
    expectList(somePayments)
    expect(screen.getByText('150.05 EUR → 0.00243081 BTC')).toBeTruthy()
    await app.user.click(screen.getByRole('link', { name: PAYMENT_FOR_REQUEST }))
    await settle()
    expect(app.pathname()).toBe(`/app/requests/${completedPayment.requestId ?? ''}`)
    app.unmount()
  })
})
