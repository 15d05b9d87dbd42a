import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { OpsRequestsSnapshot } from '../../src/machines/ops-requests/ops-requests.machine'
import { auditorSelf } from '../../src/flows/fixtures/ops-console'
import {
  NEXT_CURSOR,
  ewasOwn,
  firstInboxPage,
  managerSelf,
  reviewed,
  secondInboxPage,
  waiting,
  waitingAssigned,
} from '../../src/flows/fixtures/ops-requests'
import {
  FIRST_PAGE,
  INBOX_LOAD_FAILED,
  LOADING,
  NEXT_PAGE,
  REFRESH,
  SHOW_REQUESTS,
  TRY_AGAIN,
  assignToMeLabel,
  assignedNotice,
  inboxFilterLabels,
  inboxProblemTexts,
  requestFailureText,
} from '../../src/ui/ops/ops-texts'
import { createOpsRequestsPathModel } from '../machines/ops-requests-model'
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

const LIST = { method: 'GET', path: '/api/ops/requests' }
const ASSIGN = { method: 'POST', path: `/api/ops/requests/${waiting.id}/assignment` }

interface Desk {
  app: RenderedApp
  stream: FakeDeskStream
}

const snapshotOf = (app: RenderedApp) =>
  app.probe.actor('opsRequests').getSnapshot() as OpsRequestsSnapshot
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement
const rowEmails = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getByRole('link').textContent)

async function retype(app: RenderedApp, field: HTMLElement, value: string) {
  await app.user.clear(field)
  await app.user.click(field)
  await app.user.paste(value)
}

/** Keys go to the page, not to a field that had focus. */
async function press(app: RenderedApp, key: string) {
  if (document.activeElement instanceof HTMLElement) document.activeElement.blur()
  await app.user.keyboard(key)
}

async function renderInbox(options: Parameters<typeof renderStaff>[1] = {}): Promise<Desk> {
  const stream = new FakeDeskStream()
  const app = await renderStaff('/ops/requests', {
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

describe('request desk inbox (issue 28)', () => {
  // Each path renders the page: the fewest paths that still walk every state and transition
  // (the machine level runs them all).
  const pm = coveringPaths(createOpsRequestsPathModel())

  const runner: PathRunner<typeof pm.machine, Desk> = {
    setup: (inspect) =>
      renderInbox({
        machineId: 'opsRequests',
        inspect,
        prepare: (api) => api.hold(LIST.method, LIST.path).hold(ASSIGN.method, ASSIGN.path),
      }),
    async event({ app, stream }, event) {
      const e = event as {
        type: string
        output?: unknown
        error?: unknown
        value?: string
        requestId?: string
      }
      switch (e.type) {
        case 'filter.change':
          await retype(app, screen.getByLabelText(inboxFilterLabels.pair), e.value ?? '')
          break
        case 'filters.apply':
          await app.user.click(button(SHOW_REQUESTS))
          break
        case 'page.next':
          await app.user.click(button(NEXT_PAGE))
          break
        case 'page.first':
          await app.user.click(button(FIRST_PAGE))
          break
        case 'inbox.reload':
          await app.user.click(button(snapshotOf(app).matches('loadFailed') ? TRY_AGAIN : REFRESH))
          break
        case 'selection.move':
          await press(app, 'j')
          break
        case 'request.open':
          await press(app, '{Enter}')
          break
        case 'request.assign':
          await app.user.click(button(assignToMeLabel(waiting.customerEmail)))
          break
        case 'request.changed':
          stream.tell(e.requestId ?? '')
          break
        case 'xstate.done.actor.listRequests':
          await answerAll(app.api, LIST.method, LIST.path, () => json(200, e.output))
          break
        case 'xstate.error.actor.listRequests':
          await answerAll(app.api, LIST.method, LIST.path, () => deskRefusal(e.error))
          break
        case 'xstate.done.actor.assignRequest':
          await answerAll(app.api, ASSIGN.method, ASSIGN.path, () => json(200, e.output))
          break
        case 'xstate.error.actor.assignRequest':
          await answerAll(app.api, ASSIGN.method, ASSIGN.path, () => deskRefusal(e.error))
          break
        default:
          throw new Error(`no UI step for ${e.type}`)
      }
      await settle()
    },
    snapshot: ({ app }) => snapshotOf(app) as never,
    states: {
      loading: ({ app }, s) => {
        if (!s.context.loaded) expect(screen.getByText(LOADING)).toBeTruthy()
        else expect(button(REFRESH).disabled).toBe(true)
        // The read asks for the page shown: its cursor, if any.
        const search = new URLSearchParams(app.api.last(LIST.method, LIST.path)?.search)
        expect(search.get('after')).toBe(s.context.after)
      },
      loadFailed: () => {
        expect(screen.getByRole('alert').textContent).toBe(INBOX_LOAD_FAILED)
        expect(button(TRY_AGAIN)).toBeTruthy()
      },
      listed: ({ app }, s) => {
        // Enter took the staff member to the selected request's page.
        if (app.pathname() !== '/ops/requests') {
          const selected = s.context.items[s.context.selected]
          expect(app.pathname()).toBe(`/ops/requests/${selected?.id ?? ''}`)
          return
        }
        const page = s.context.after === null ? firstInboxPage : secondInboxPage
        expect(rowEmails()).toEqual(page.items.map((r) => r.customerEmail))
        const current = screen.getAllByRole('row').find((r) => r.getAttribute('aria-current'))
        expect(current && within(current).getByRole('link').textContent).toBe(
          page.items[s.context.selected]?.customerEmail,
        )
        expect(screen.queryByRole('button', { name: NEXT_PAGE }) !== null).toBe(page.next !== null)
        expect(screen.queryByRole('button', { name: FIRST_PAGE }) !== null).toBe(
          s.context.after !== null,
        )
        if (s.context.after === null) {
          expect(button(assignToMeLabel(waiting.customerEmail)).disabled).toBe(false)
          // Already one's own: no "Assign to me".
          expect(
            screen.queryByRole('button', { name: assignToMeLabel(ewasOwn.customerEmail) }),
          ).toBeNull()
        }
        const status = screen
          .getAllByRole('status')
          .find((el) => el.classList.contains('ops-status'))
        expect(status?.textContent).toBe(
          s.context.notice ? assignedNotice(s.context.notice.customerEmail) : '',
        )
        expect(screen.queryByRole('alert')?.textContent ?? null).toBe(
          s.context.failure ? requestFailureText(s.context.failure) : null,
        )
        const problem = s.context.draft.pair && s.context.draft.pair !== 'eur-btc'
        expect(screen.queryByText(inboxProblemTexts.notAPair) !== null).toBe(Boolean(problem))
        expect(button(SHOW_REQUESTS).disabled).toBe(Boolean(problem))
      },
      assigning: ({ app }) => {
        const assign = button(assignToMeLabel(waiting.customerEmail))
        expect(assign.getAttribute('aria-busy')).toBe('true')
        expect(assign.disabled).toBe(true)
        expect(app.api.last(ASSIGN.method, ASSIGN.path)?.body).toEqual({
          version: waiting.version,
          assigneeId: managerSelf.id,
        })
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
  }, 240_000)
})

describe('request desk inbox details', () => {
  it('sends the filters, pages with the cursor, and re-reads the page on a live change', async () => {
    const { app, stream } = await renderInbox({
      prepare: (api) =>
        api.on(LIST.method, LIST.path, (_request, seen) =>
          json(200, seen.search.includes('after=') ? secondInboxPage : firstInboxPage),
        ),
    })
    expect(rowEmails()).toEqual(firstInboxPage.items.map((r) => r.customerEmail))
    await app.user.selectOptions(screen.getByLabelText(inboxFilterLabels.state), 'on_hold')
    await app.user.selectOptions(screen.getByLabelText(inboxFilterLabels.assignee), 'none')
    await app.user.selectOptions(screen.getByLabelText(inboxFilterLabels.sort), 'amount-desc')
    await app.user.type(screen.getByLabelText(inboxFilterLabels.q), 'anna')
    await app.user.type(screen.getByLabelText(inboxFilterLabels.amountMin), '100')
    await app.user.type(screen.getByLabelText(inboxFilterLabels.olderThanHours), '24')
    // Typing a j or a k into a field moves nothing.
    expect(snapshotOf(app).context.selected).toBe(0)
    await app.user.keyboard('{Enter}')
    await settle()
    expect(
      Object.fromEntries(new URLSearchParams(app.api.last(LIST.method, LIST.path)?.search)),
    ).toEqual({
      state: 'on_hold',
      assignee: 'none',
      sort: 'amount-desc',
      q: 'anna',
      amountMin: '100',
      olderThanHours: '24',
    })
    await app.user.click(button(NEXT_PAGE))
    await settle()
    expect(new URLSearchParams(app.api.last(LIST.method, LIST.path)?.search).get('after')).toBe(
      NEXT_CURSOR,
    )
    expect(rowEmails()).toEqual(secondInboxPage.items.map((r) => r.customerEmail))
    const reads = app.api.count(LIST.method, LIST.path)
    expect(stream.listeners).toBe(1)
    stream.tell(reviewed.id, 'created')
    await settle()
    expect(app.api.count(LIST.method, LIST.path)).toBe(reads + 1)
    // The same page is read again.
    expect(new URLSearchParams(app.api.last(LIST.method, LIST.path)?.search).get('after')).toBe(
      NEXT_CURSOR,
    )
    app.unmount()
  })

  it('moves with the keys, shows focus on the row, and assigns with "a"', async () => {
    const { app } = await renderInbox({
      prepare: (api) =>
        api
          .on(LIST.method, LIST.path, () => json(200, firstInboxPage))
          .on(ASSIGN.method, ASSIGN.path, () => json(200, waitingAssigned)),
    })
    await press(app, 'j')
    await app.user.keyboard('{ArrowDown}')
    expect(document.activeElement?.textContent).toBe(ewasOwn.customerEmail)
    await app.user.keyboard('k')
    expect(document.activeElement?.textContent).toBe(reviewed.customerEmail)
    await app.user.keyboard('{ArrowUp}')
    expect(document.activeElement?.closest('tr')?.getAttribute('aria-current')).toBe('true')
    await press(app, 'a')
    await settle()
    expect(app.api.last(ASSIGN.method, ASSIGN.path)?.body).toEqual({
      version: waiting.version,
      assigneeId: managerSelf.id,
    })
    expect(screen.getByText(assignedNotice(waiting.customerEmail))).toBeTruthy()
    app.unmount()
  })

  it('writes each amount in whole units grouped, and each time in Warsaw', async () => {
    const { app } = await renderInbox({
      prepare: (api) => api.on(LIST.method, LIST.path, () => json(200, firstInboxPage)),
    })
    const row = screen.getByRole('link', { name: reviewed.customerEmail }).closest('tr')
    const cells = [...(row?.querySelectorAll('td') ?? [])].map((cell) => cell.textContent)
    // 2026-11-25T15:30:00.000Z is 16:30 in Warsaw, whatever the machine's locale and zone.
    expect(cells).toContain('40,000 EUR')
    expect(cells).toContain('Nov 25, 2026, 4:30 PM')
    app.unmount()
  })

  it('opens the selected request with Enter', async () => {
    const { app } = await renderInbox({
      prepare: (api) => api.on(LIST.method, LIST.path, () => json(200, firstInboxPage)),
    })
    await press(app, 'j')
    await app.user.keyboard('{Enter}')
    await settle()
    expect(app.pathname()).toBe(`/ops/requests/${reviewed.id}`)
    app.unmount()
  })

  it('is in the console bar for requests:read only', async () => {
    const { app } = await renderInbox({
      self: { ...auditorSelf, permissions: [...auditorSelf.permissions, 'requests:read'] },
      prepare: (api) => api.on(LIST.method, LIST.path, () => json(200, firstInboxPage)),
    })
    expect(screen.getByRole('link', { name: 'Requests' }).getAttribute('aria-current')).toBe('page')
    // An auditor reads, but assigns nothing.
    expect(
      screen.queryByRole('button', { name: assignToMeLabel(waiting.customerEmail) }),
    ).toBeNull()
    app.unmount()
    const other = await renderInbox({
      self: { ...auditorSelf, permissions: ['console:enter', 'customers:read'] },
    })
    expect(screen.queryByRole('link', { name: 'Requests' })).toBeNull()
    expect(screen.getByRole('alert').textContent).toBe('Your roles do not open this page.')
    other.app.unmount()
  })
})
