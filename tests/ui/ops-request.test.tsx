import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { offerFigures } from '../../domain/offer'
import type { OpsRequestSnapshot } from '../../src/machines/ops-request/ops-request.machine'
import { validUntilInstant } from '../../src/machines/ops-request/offer-draft'
import {
  DECLINE_REASON,
  OFFER_PAID,
  OFFER_RATE,
  OFFER_VALID_UNTIL,
  managerSelf,
  requestFailures,
  reviewed,
  reviewedAfter,
  reviewedDetails,
} from '../../src/flows/fixtures/ops-requests'
import { annaPage } from '../../src/flows/fixtures/ops-customer'
import {
  CANCEL,
  CUSTOMER_SECTIONS,
  LOADING,
  NOTE_LABEL,
  REASON_LABEL,
  REFRESH,
  REQUEST_NOT_FOUND,
  REQUEST_PAYMENTS,
  STALE_TEXT,
  TRY_AGAIN,
  doneTexts,
  offerLabels,
  operationLabels,
  requestFailureText,
  requestTitle,
  submitLabels,
} from '../../src/ui/ops/ops-texts'
import { createOpsRequestPathModel } from '../machines/ops-request-model'
import {
  coveringPaths,
  runAllPaths,
  statesWithoutAssertion,
  type PathRunner,
} from '../support/model-paths'
import { FakeDeskStream, deskRefusal } from './ops-desk-support'
import { renderStaff } from './ops-support'
import { json } from './support/fake-api'
import type { RenderedApp } from './support/render-app'
import { answerAll, settle } from './support/security-ui'

const base = `/api/ops/requests/${reviewed.id}`
const GET = { method: 'GET', path: base }
const calls = {
  declineRequest: { method: 'POST', path: `${base}/decline` },
  sendOffer: { method: 'POST', path: `${base}/offer` },
  assignRequest: { method: 'POST', path: `${base}/assignment` },
  addRequestNote: { method: 'POST', path: `${base}/notes` },
  cancelRequest: { method: 'POST', path: `${base}/cancellation` },
} as const

interface Desk {
  app: RenderedApp
  stream: FakeDeskStream
}

const snapshotOf = (app: RenderedApp) =>
  app.probe.actor('opsRequest').getSnapshot() as OpsRequestSnapshot
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement
const form = () => within(screen.getByRole('form'))
const submit = () => form().getAllByRole('button')[0] as HTMLButtonElement
const offerField = (field: 'rate' | 'amountPaid' | 'validUntil') =>
  form().getByLabelText(
    field === 'rate'
      ? offerLabels.rate('EUR', 'ETH')
      : field === 'amountPaid'
        ? offerLabels.amountPaid('EUR')
        : offerLabels.validUntil,
  )

async function retype(app: RenderedApp, field: HTMLElement, value: string) {
  await app.user.clear(field)
  await app.user.click(field)
  await app.user.paste(value)
}

async function renderRequest(options: Parameters<typeof renderStaff>[1] = {}): Promise<Desk> {
  const stream = new FakeDeskStream()
  const app = await renderStaff(`/ops/requests/${reviewed.id}`, {
    self: managerSelf,
    ...options,
    prepare: (api) => {
      stream.install(api)
      options.prepare?.(api)
    },
  })
  await settle()
  return { app, stream }
}

describe('request desk: one request (issue 28)', () => {
  // Each path renders the page: the fewest paths that still walk every state and transition
  // (the machine level runs them all).
  const pm = coveringPaths(createOpsRequestPathModel())

  const runner: PathRunner<typeof pm.machine, Desk> = {
    setup: (inspect) =>
      renderRequest({
        machineId: 'opsRequest',
        inspect,
        prepare: (api) => {
          api.hold(GET.method, GET.path)
          for (const call of Object.values(calls)) api.hold(call.method, call.path)
        },
      }),
    async event({ app, stream }, event) {
      const e = event as {
        type: string
        output?: unknown
        error?: unknown
        value?: string
        field?: 'rate' | 'amountPaid' | 'validUntil'
        operation?: keyof typeof operationLabels
        requestId?: string
      }
      switch (e.type) {
        case 'request.reload':
          await app.user.click(button(snapshotOf(app).matches('loadFailed') ? TRY_AGAIN : REFRESH))
          break
        case 'request.changed':
          stream.tell(e.requestId ?? '', 'message')
          break
        case 'action.open':
        case 'action.run':
          await app.user.click(button(operationLabels[e.operation ?? 'addRequestNote']))
          break
        case 'text.change':
          await retype(app, form().getByLabelText(REASON_LABEL), e.value ?? '')
          break
        case 'offer.change':
          await retype(app, offerField(e.field ?? 'rate'), e.value ?? '')
          break
        case 'form.submit':
          await app.user.click(submit())
          break
        case 'form.cancel':
          await app.user.click(form().getByRole('button', { name: CANCEL }))
          break
        case 'xstate.done.actor.getRequest':
          await answerAll(app.api, GET.method, GET.path, () => json(200, e.output))
          break
        case 'xstate.error.actor.getRequest':
          await answerAll(app.api, GET.method, GET.path, () => deskRefusal(e.error))
          break
        case 'xstate.done.actor.runRequestAction':
        case 'xstate.error.actor.runRequestAction': {
          const operation = snapshotOf(app).context.operation as keyof typeof calls
          const call = calls[operation]
          await answerAll(app.api, call.method, call.path, () =>
            e.type.includes('.done.') ? json(200, e.output) : deskRefusal(e.error),
          )
          break
        }
        default:
          throw new Error(`no UI step for ${e.type}`)
      }
      await settle()
    },
    snapshot: ({ app }) => snapshotOf(app) as never,
    states: {
      loading: () => {
        expect(screen.getByText(LOADING)).toBeTruthy()
      },
      loadFailed: () => {
        expect(screen.getByRole('alert').textContent).toBe(REQUEST_NOT_FOUND)
        expect(button(TRY_AGAIN)).toBeTruthy()
      },
      ready: (_desk, s) => {
        const details = s.context.details ?? reviewedDetails
        expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
          requestTitle(reviewed.customerEmail),
        )
        expect(
          within(screen.getByRole('table', { name: 'Timeline' })).getAllByRole('row'),
        ).toHaveLength(details.timeline.length + 1)
        // What people wrote shows as text, never as markup.
        expect(screen.getByText('Is <b>tomorrow</b> fine?')).toBeTruthy()
        expect(document.querySelector('main b')).toBeNull()
        expect(screen.getByText(String(details.summary.version))).toBeTruthy()
      },
      'ready.idle': (_desk, s) => {
        const { details, notice, failure } = s.context
        expect(screen.queryByRole('form')).toBeNull()
        const actions = within(screen.getByRole('group', { name: 'Actions' }))
          .getAllByRole('button')
          .map((b) => b.textContent)
        const offered = details?.allowed.includes('sendOffer')
          ? [
              'Assign to me',
              'Ask the customer',
              'Make an offer',
              'Decline',
              'Cancel the request',
              'Add a note',
            ]
          : ['Decline', 'Cancel the request', 'Add a note']
        // A hold needs requests:hold, which a manager does not have.
        expect(actions).toEqual([...offered, REFRESH])
        const status = screen
          .getAllByRole('status')
          .find((el) => el.classList.contains('ops-status'))
        expect(status?.textContent).toBe(notice ? doneTexts[notice.operation] : '')
        expect(screen.queryByRole('alert')?.textContent ?? null).toBe(
          failure ? requestFailureText(failure) : null,
        )
      },
      'ready.reading': () => {
        expect(button(REFRESH).getAttribute('aria-busy')).toBe('true')
      },
      'ready.acting': ({ app }, s) => {
        expect(button(operationLabels.assignRequest).getAttribute('aria-busy')).toBe('true')
        expect(app.api.last(calls.assignRequest.method, calls.assignRequest.path)?.body).toEqual({
          version: s.context.details?.summary.version,
          assigneeId: managerSelf.id,
        })
      },
      'ready.editing': (_desk, s) => {
        const operation = s.context.operation ?? 'declineRequest'
        expect(form().getByRole('heading').textContent).toBe(operationLabels[operation])
        expect(submit().textContent).toBe(submitLabels[operation])
      },
      'ready.editing.typing': (_desk, s) => {
        const { offer, text, failure, operation } = s.context
        const ready =
          operation === 'sendOffer'
            ? offer.rate !== '' && offer.amountPaid !== '' && offer.validUntil !== ''
            : text !== ''
        expect(submit().disabled).toBe(!ready)
        expect(form().queryByRole('alert')?.textContent ?? null).toBe(
          failure ? requestFailureText(failure) : null,
        )
        if (operation === 'sendOffer') {
          // Received and fee are the rules' figures, as soon as rate and amount are there.
          const figures =
            offer.rate && offer.amountPaid
              ? offerFigures({
                  from: 'EUR',
                  to: 'ETH',
                  rate: offer.rate,
                  amountPaid: offer.amountPaid,
                })
              : null
          expect(document.getElementById('ops-offer-received')?.textContent).toBe(
            figures ? `${figures.amountReceived} ETH` : '—',
          )
          expect(document.getElementById('ops-offer-fee')?.textContent).toBe(
            figures ? `${figures.fee} EUR (${figures.feePercent})` : '—',
          )
        }
      },
      'ready.editing.rereading': () => {
        expect(submit().getAttribute('aria-busy')).toBe('true')
      },
      'ready.editing.submitting': ({ app }, s) => {
        expect(submit().getAttribute('aria-busy')).toBe('true')
        const version = s.context.details?.summary.version
        if (s.context.operation === 'sendOffer') {
          const { feePercent: _percent, ...figures } = offerFigures({
            from: 'EUR',
            to: 'ETH',
            amountPaid: OFFER_PAID,
            rate: OFFER_RATE,
          })
          expect(app.api.last(calls.sendOffer.method, calls.sendOffer.path)?.body).toEqual({
            version,
            ...figures,
            validUntil: validUntilInstant(OFFER_VALID_UNTIL),
          })
        } else
          expect(
            app.api.last(calls.declineRequest.method, calls.declineRequest.path)?.body,
          ).toEqual({ version, reason: DECLINE_REASON })
      },
    },
    teardown: ({ app }) => {
      app.unmount()
    },
  }

  it('has an assertion for every state', () => {
    expect(statesWithoutAssertion(pm, runner.states)).toEqual([])
  })

  it('takes every state and transition through the page', async () => {
    const report = await runAllPaths(pm, runner, 'ui')
    expect(report.states.missing).toEqual([])
    expect(report.transitions.missing).toEqual([])
  }, 600_000)
})

describe('request desk: one request, details', () => {
  it('says a stale version reloaded the request, and keeps the reason typed', async () => {
    let version = reviewedDetails
    const { app } = await renderRequest({
      prepare: (api) =>
        api
          .on(GET.method, GET.path, () => json(200, version))
          .on(calls.cancelRequest.method, calls.cancelRequest.path, () => {
            version = reviewedAfter
            return deskRefusal(requestFailures.stale)
          }),
    })
    await app.user.click(button(operationLabels.cancelRequest))
    await app.user.type(form().getByLabelText(REASON_LABEL), DECLINE_REASON)
    await app.user.click(submit())
    await settle()
    expect(form().getByRole('alert').textContent).toBe(STALE_TEXT)
    expect((form().getByLabelText(REASON_LABEL) as HTMLTextAreaElement).value).toBe(DECLINE_REASON)
    expect(screen.getByText(String(reviewedAfter.summary.version))).toBeTruthy()
    app.unmount()
  })

  it('shows the problem a refusal names: a state, figures the rules refuse', async () => {
    const { app } = await renderRequest({
      prepare: (api) =>
        api
          .on(GET.method, GET.path, () => json(200, reviewedDetails))
          .on(calls.sendOffer.method, calls.sendOffer.path, () =>
            deskRefusal(requestFailures.figures),
          )
          .on(calls.addRequestNote.method, calls.addRequestNote.path, () =>
            deskRefusal(requestFailures.state),
          ),
    })
    await app.user.click(button(operationLabels.sendOffer))
    await app.user.type(offerField('rate'), OFFER_RATE)
    await app.user.type(offerField('amountPaid'), '100.555')
    expect(form().getByText('Too many decimals for this currency.')).toBeTruthy()
    await retype(app, offerField('amountPaid'), OFFER_PAID)
    await retype(app, offerField('validUntil'), OFFER_VALID_UNTIL)
    await app.user.click(submit())
    await settle()
    expect(form().getByRole('alert').textContent).toBe(
      "fee: must be 440.00 by the exchange's rules",
    )
    await app.user.click(form().getByRole('button', { name: CANCEL }))
    await app.user.click(button(operationLabels.addRequestNote))
    await app.user.type(form().getByLabelText(NOTE_LABEL), 'Called.')
    await app.user.click(submit())
    await settle()
    expect(form().getByRole('alert').textContent).toBe('The request is declined.')
    app.unmount()
  })

  it('re-reads when this request changes, not for another', async () => {
    const { app, stream } = await renderRequest({
      prepare: (api) => api.on(GET.method, GET.path, () => json(200, reviewedDetails)),
    })
    const reads = app.api.count(GET.method, GET.path)
    stream.tell('00000000-0000-4000-8000-000000000000')
    await settle()
    expect(app.api.count(GET.method, GET.path)).toBe(reads)
    stream.tell(reviewed.id)
    await settle()
    expect(app.api.count(GET.method, GET.path)).toBe(reads + 1)
    app.unmount()
  })

  it('offers only a note to support staff', async () => {
    const { app } = await renderRequest({
      self: {
        ...managerSelf,
        roles: ['support'],
        permissions: ['console:enter', 'customers:read', 'requests:read', 'requests:note'],
      },
      prepare: (api) => api.on(GET.method, GET.path, () => json(200, reviewedDetails)),
    })
    expect(
      within(screen.getByRole('group', { name: 'Actions' }))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual([operationLabels.addRequestNote, REFRESH])
    app.unmount()
  })

  it('shows the card payments made for it as the customer page does', async () => {
    const payments = annaPage.payments
    const { app } = await renderRequest({
      prepare: (api) =>
        api.on(GET.method, GET.path, () => json(200, { ...reviewedDetails, payments })),
    })
    const table = within(screen.getByRole('table', { name: REQUEST_PAYMENTS }))
    const [head, ...rows] = table.getAllByRole('row')
    expect(rows).toHaveLength(payments.length)
    for (const p of payments) {
      expect(table.getByText(`${p.paybisTransactionId} (${p.paybisStatus})`)).toBeTruthy()
      expect(table.getByText(p.paybisRequestId)).toBeTruthy()
    }
    app.unmount()
    // The same table, head and cells, as on the customer's page.
    const customer = await renderStaff(`/ops/customers/${annaPage.customer.id}`, {
      self: managerSelf,
      prepare: (api) =>
        api.on('GET', `/api/ops/customers/${annaPage.customer.id}`, () => json(200, annaPage)),
    })
    await settle()
    const there = within(screen.getByRole('table', { name: CUSTOMER_SECTIONS.payments }))
    const [thereHead, ...thereRows] = there.getAllByRole('row')
    expect(thereHead?.textContent).toBe(head?.textContent)
    expect(thereRows.map((r) => r.textContent)).toEqual(rows.map((r) => r.textContent))
    customer.unmount()
  })

  it('says so when no card payment was made for it', async () => {
    const { app } = await renderRequest({
      prepare: (api) => api.on(GET.method, GET.path, () => json(200, reviewedDetails)),
    })
    expect(screen.getByRole('heading', { name: REQUEST_PAYMENTS })).toBeTruthy()
    expect(screen.queryByRole('table', { name: REQUEST_PAYMENTS })).toBeNull()
    app.unmount()
  })
})
