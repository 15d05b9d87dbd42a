import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type {
  ExchangeRequest,
  MyRequestsSnapshot,
} from '../../src/machines/my-requests/my-requests.machine'
import { formatDate } from '../../src/ui/account/date-time'
import {
  amountOf,
  CUSTOMER_STATUS_LABELS,
  NO_REQUESTS,
  pairOf,
  REQUEST_A_QUOTE,
  REQUESTS_LINK,
  REQUESTS_LOAD_FAILED,
  REQUESTS_TITLE,
  TRY_AGAIN,
} from '../../src/ui/account/request-texts'
import { newerRequest, someRequests } from '../../src/flows/fixtures/my-requests'
import { createMyRequestsPathModel } from '../machines/my-requests-model'
import { runAllPaths, statesWithoutAssertion, type PathRunner } from '../support/model-paths'
import { renderSignedIn } from './home-support'
import { json } from './support/fake-api'
import type { RenderedApp } from './support/render-app'
import { requestStream } from './support/request-stream'
import { answerAll, refusalResponse, settle } from './support/security-ui'

const LIST = { method: 'GET', path: '/api/exchange-request' }

interface Ctx {
  app: RenderedApp
  stream: ReturnType<typeof requestStream>
}

const snapshotOf = (ctx: Ctx) =>
  ctx.app.probe.actor('myRequests').getSnapshot() as MyRequestsSnapshot
const rowText = (r: ExchangeRequest) =>
  `${pairOf(r)}${amountOf(r)}${CUSTOMER_STATUS_LABELS[r.status]}${formatDate(r.createdAt)}`

function expectList(requests: readonly ExchangeRequest[]) {
  if (requests.length === 0) {
    expect(screen.getByText(NO_REQUESTS)).toBeTruthy()
    expect(screen.getByRole('button', { name: REQUEST_A_QUOTE })).toBeTruthy()
    expect(screen.queryByRole('list', { name: REQUESTS_TITLE })).toBeNull()
    return
  }
  const links = within(screen.getByRole('list', { name: REQUESTS_TITLE })).getAllByRole('link')
  expect(links.map((l) => l.textContent)).toEqual(requests.map(rowText))
  expect(links.map((l) => l.getAttribute('href'))).toEqual(
    requests.map((r) => `/app/requests/${r.id}`),
  )
}

describe('the customer’s requests at /app/requests (issue 28 part 4)', () => {
  const pm = createMyRequestsPathModel()

  const runner: PathRunner<typeof pm.machine, Ctx> = {
    async setup(inspect) {
      let stream: Ctx['stream'] | undefined
      const app = await renderSignedIn('/app/requests', {
        machineId: 'myRequests',
        inspect,
        prepare: (api) => {
          api.hold(LIST.method, LIST.path)
          stream = requestStream(api)
        },
      })
      await screen.findByRole('heading', { name: REQUESTS_TITLE })
      if (!stream) throw new Error('no stream')
      return { app, stream }
    },
    async event(ctx, event) {
      const e = event as { type: string; output?: unknown; error?: unknown; requestId?: string }
      if (e.type === 'xstate.done.actor.listRequests')
        await answerAll(ctx.app.api, LIST.method, LIST.path, () =>
          json(200, { items: e.output as ExchangeRequest[] }),
        )
      else if (e.type === 'xstate.error.actor.listRequests')
        await answerAll(ctx.app.api, LIST.method, LIST.path, () => refusalResponse(e.error))
      else if (e.type === 'requests.reload')
        await ctx.app.user.click(screen.getByRole('button', { name: TRY_AGAIN }))
      else if (e.type === 'request.changed') await ctx.stream.send(e.requestId ?? '', 'state')
      else throw new Error(`no UI step for ${e.type}`)
      await settle()
    },
    snapshot: (ctx) => snapshotOf(ctx) as never,
    settleMs: 2000,
    states: {
      loading: (_ctx, s) => {
        // A list already shown stays while it is read again.
        if (s.context.requests === null) expect(screen.getByText('Loading…')).toBeTruthy()
        else expectList(s.context.requests)
      },
      listed: (_ctx, s) => {
        expectList(s.context.requests ?? [])
        expect(screen.queryByRole('alert')).toBeNull()
      },
      loadFailed: () => {
        expect(screen.getByRole('alert').textContent).toBe(REQUESTS_LOAD_FAILED)
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

describe('the requests page', () => {
  it('is linked from the top bar and lists newest first, each row to its page', async () => {
    const app = await renderSignedIn('/app', {
      prepare: (api) => api.on(LIST.method, LIST.path, () => json(200, { items: someRequests })),
    })
    await app.user.click(await screen.findByRole('link', { name: REQUESTS_LINK }))
    await screen.findByRole('heading', { name: REQUESTS_TITLE })
    await settle()
    expectList(someRequests)
    await app.user.click(screen.getByRole('link', { name: rowText(newerRequest) }))
    await settle()
    expect(app.pathname()).toBe(`/app/requests/${newerRequest.id}`)
    app.unmount()
  })

  it('offers the quote dialog when there are none yet', async () => {
    const app = await renderSignedIn('/app/requests', {
      prepare: (api) => api.on(LIST.method, LIST.path, () => json(200, { items: [] })),
    })
    await app.user.click(await screen.findByRole('button', { name: REQUEST_A_QUOTE }))
    const dialog = screen.getByRole('dialog', { name: 'Request personal quote' })
    expect(within(dialog).getByRole('heading', { name: 'Calculation' })).toBeTruthy()
    app.unmount()
  })
})
