import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { StaffSelf } from '../../src/machines/ops-console/ops-console.machine'
import type { OpsCustomerSnapshot } from '../../src/machines/ops-customer/ops-customer.machine'
import { auditorSelf } from '../../src/flows/fixtures/ops-console'
import { NOTE_TEXT, addedNote, annaPage } from '../../src/flows/fixtures/ops-customer'
import { anna } from '../../src/flows/fixtures/ops-customers'
import {
  ADD_NOTE,
  CUSTOMER_NOTE_LABEL,
  CUSTOMER_NOT_FOUND,
  CUSTOMER_SECTIONS,
  LOADING,
  NOTE_ADDED,
  NOTE_FAILED,
  TRY_AGAIN,
  customerTitle,
} from '../../src/ui/ops/ops-texts'
import { createOpsCustomerPathModel } from '../machines/ops-customer-model'
import {
  coveringPaths,
  runAllPaths,
  statesWithoutAssertion,
  type PathRunner,
} from '../support/model-paths'
import { deskRefusal } from './ops-desk-support'
import { renderStaff } from './ops-support'
import { json } from './support/fake-api'
import type { RenderedApp } from './support/render-app'
import { answerAll, settle } from './support/security-ui'

const GET = { method: 'GET', path: `/api/ops/customers/${anna.id}` }
const NOTE = { method: 'POST', path: `/api/ops/customers/${anna.id}/notes` }

const supportSelf: StaffSelf = {
  id: '9d8c7b6a-5f4e-4d3c-2b1a-0f9e8d7c6b5a',
  email: 'sam@exchange.example',
  locale: 'en',
  roles: ['support'],
  permissions: ['console:enter', 'customers:read', 'customers:note', 'requests:read'],
}

const snapshotOf = (app: RenderedApp) =>
  app.probe.actor('opsCustomer').getSnapshot() as OpsCustomerSnapshot
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement
const section = (id: keyof typeof CUSTOMER_SECTIONS) =>
  within(screen.getByRole('region', { name: CUSTOMER_SECTIONS[id] }))
const noteStatus = () => section('notes').getByRole('status').textContent

describe("a customer's page (issue 29)", () => {
  // Each path renders the page: the fewest paths that still walk every state and transition
  // (the machine level runs them all).
  const pm = coveringPaths(createOpsCustomerPathModel())

  const runner: PathRunner<typeof pm.machine, RenderedApp> = {
    async setup(inspect) {
      const app = await renderStaff(`/ops/customers/${anna.id}`, {
        self: supportSelf,
        machineId: 'opsCustomer',
        inspect,
        prepare: (api) => api.hold(GET.method, GET.path).hold(NOTE.method, NOTE.path),
      })
      await settle()
      return app
    },
    async event(app, event) {
      const e = event as { type: string; output?: unknown; error?: unknown; value?: string }
      if (e.type === 'page.reload') await app.user.click(button(TRY_AGAIN))
      else if (e.type === 'note.change') {
        const field = screen.getByLabelText(CUSTOMER_NOTE_LABEL)
        await app.user.clear(field)
        await app.user.click(field)
        await app.user.paste(e.value ?? '')
      } else if (e.type === 'note.submit') await app.user.click(button(ADD_NOTE))
      else if (e.type === 'xstate.done.actor.getCustomer')
        await answerAll(app.api, GET.method, GET.path, () => json(200, e.output))
      else if (e.type === 'xstate.error.actor.getCustomer')
        await answerAll(app.api, GET.method, GET.path, () => deskRefusal(e.error))
      else if (e.type === 'xstate.done.actor.addCustomerNote')
        await answerAll(app.api, NOTE.method, NOTE.path, () => json(201, e.output))
      else if (e.type === 'xstate.error.actor.addCustomerNote')
        await answerAll(app.api, NOTE.method, NOTE.path, () => deskRefusal(e.error))
      else throw new Error(`no UI step for ${e.type}`)
      await settle()
    },
    snapshot: (app) => snapshotOf(app) as never,
    states: {
      loading: () => {
        expect(screen.getByRole('status').textContent).toBe(LOADING)
      },
      failed: () => {
        expect(screen.getByRole('alert').textContent).toBe(CUSTOMER_NOT_FOUND)
        expect(button(TRY_AGAIN)).toBeTruthy()
      },
      ready: () => {
        expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
          customerTitle(anna.email),
        )
        expect(section('profile').getByText(annaPage.customer.phone)).toBeTruthy()
        expect(section('history').getAllByRole('row')).toHaveLength(3)
        expect(section('holds').getByText('Source of funds unclear')).toBeTruthy()
        expect(section('payments').getByText('0.001234567890123456 BTC')).toBeTruthy()
        expect(section('sessions').getByText('Firefox on Linux')).toBeTruthy()
        const request = section('requests').getByRole('link', { name: 'Anna Kowalska' })
        expect(request.getAttribute('href')).toBe(`/ops/requests/${annaPage.requests[0]?.id ?? ''}`)
      },
      'ready.idle': (_app, s) => {
        expect(button(ADD_NOTE).disabled).toBe(s.context.note.trim() === '')
        expect(noteStatus()).toBe(s.context.noted ? NOTE_ADDED : '')
        expect(section('notes').queryByRole('alert')?.textContent ?? null).toBe(
          s.context.failure?.during === 'note' ? NOTE_FAILED : null,
        )
        if (s.context.noted) expect(section('notes').getByText(addedNote.text)).toBeTruthy()
      },
      'ready.saving': (app) => {
        expect(button(ADD_NOTE).getAttribute('aria-busy')).toBe('true')
        expect(app.api.last(NOTE.method, NOTE.path)?.body).toEqual({ text: NOTE_TEXT })
      },
    },
    teardown: (app) => {
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
  }, 300_000)
})

describe("a customer's page, details", () => {
  it('shows no note form to a role without customers:note, and reads the page once', async () => {
    let reads = 0
    const app = await renderStaff(`/ops/customers/${anna.id}`, {
      self: auditorSelf,
      prepare: (api) =>
        api.on(GET.method, GET.path, () => {
          reads++
          return json(200, annaPage)
        }),
    })
    await settle()
    expect(section('notes').getByText(annaPage.notes[0]?.text ?? '')).toBeTruthy()
    expect(screen.queryByLabelText(CUSTOMER_NOTE_LABEL)).toBeNull()
    expect(reads).toBe(1)
    app.unmount()
  })

  it('shows a note as text, never as markup', async () => {
    const markup = '<img src=x onerror=alert(1)>'
    const app = await renderStaff(`/ops/customers/${anna.id}`, {
      self: supportSelf,
      prepare: (api) =>
        api.on(GET.method, GET.path, () =>
          json(200, { ...annaPage, notes: [{ ...addedNote, text: markup }] }),
        ),
    })
    await settle()
    expect(section('notes').getByText(markup)).toBeTruthy()
    expect(document.querySelector('img[src="x"]')).toBeNull()
    app.unmount()
  })

  it('is not open to roles without customers:read', async () => {
    const app = await renderStaff(`/ops/customers/${anna.id}`, {
      self: { ...supportSelf, roles: ['admin'], permissions: ['console:enter', 'staff:read'] },
    })
    await settle()
    expect(screen.getByRole('alert').textContent).toBe('Your roles do not open this page.')
    app.unmount()
  })
})
