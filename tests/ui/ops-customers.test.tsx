import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { OpsCustomersSnapshot } from '../../src/machines/ops-customers/ops-customers.machine'
import { adminSelf, auditorSelf } from '../../src/flows/fixtures/ops-console'
import { SEARCH, piotr } from '../../src/flows/fixtures/ops-customers'
import {
  CUSTOMERS_TITLE,
  SEARCH as SEARCH_BUTTON,
  SEARCHING,
  SEARCH_DENIED,
  SEARCH_LABEL,
  customersFound,
} from '../../src/ui/ops/ops-texts'
import { createOpsCustomersPathModel } from '../machines/ops-customers-model'
import { runAllPaths, statesWithoutAssertion, type PathRunner } from '../support/model-paths'
import { renderStaff } from './ops-support'
import { json } from './support/fake-api'
import type { RenderedApp } from './support/render-app'
import { answerAll, refusalResponse, settle } from './support/security-ui'

const SEARCH_CALL = { method: 'GET', path: '/api/ops/customers' }

const snapshotOf = (app: RenderedApp) =>
  app.probe.actor('opsCustomers').getSnapshot() as OpsCustomersSnapshot
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement
const liveStatus = () =>
  screen.getAllByRole('status').find((el) => el.classList.contains('ops-status'))?.textContent

describe('customer lookup (issue 27)', () => {
  const pm = createOpsCustomersPathModel()

  const runner: PathRunner<typeof pm.machine, RenderedApp> = {
    async setup(inspect) {
      const app = await renderStaff('/ops/customers', {
        self: auditorSelf,
        machineId: 'opsCustomers',
        inspect,
        prepare: (api) => api.hold(SEARCH_CALL.method, SEARCH_CALL.path),
      })
      await settle()
      return app
    },
    async event(app, event) {
      const e = event as { type: string; output?: unknown; error?: unknown; value?: string }
      if (e.type === 'query.change') {
        const input = screen.getByLabelText(SEARCH_LABEL)
        await app.user.clear(input)
        await app.user.click(input)
        await app.user.paste(e.value ?? '')
      } else if (e.type === 'search.submit') await app.user.click(button(SEARCH_BUTTON))
      else if (e.type === 'xstate.done.actor.searchCustomers')
        await answerAll(app.api, SEARCH_CALL.method, SEARCH_CALL.path, () =>
          json(200, { customers: e.output }),
        )
      else if (e.type === 'xstate.error.actor.searchCustomers')
        await answerAll(app.api, SEARCH_CALL.method, SEARCH_CALL.path, () =>
          refusalResponse(e.error),
        )
      else throw new Error(`no UI step for ${e.type}`)
      await settle()
    },
    snapshot: (app) => snapshotOf(app) as never,
    states: {
      idle: (_app, s) => {
        const { query, customers, failure, searched } = s.context
        expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(CUSTOMERS_TITLE)
        expect(button(SEARCH_BUTTON).disabled).toBe(query.trim().length < 3)
        expect(screen.queryAllByRole('row').slice(1)).toHaveLength(customers.length)
        expect(screen.queryByRole('alert')?.textContent ?? null).toBe(
          failure ? SEARCH_DENIED : null,
        )
        // Each customer found links to their page.
        for (const c of customers)
          expect(screen.getByRole('link', { name: c.email }).getAttribute('href')).toBe(
            `/ops/customers/${c.id}`,
          )
        expect(liveStatus()).toBe(
          searched !== null && !failure ? customersFound(customers.length, searched) : '',
        )
      },
      searching: (app) => {
        expect(liveStatus()).toBe(SEARCHING)
        expect(button(SEARCH_BUTTON).getAttribute('aria-busy')).toBe('true')
        expect(app.api.last(SEARCH_CALL.method, SEARCH_CALL.path)?.search).toBe(`?q=${SEARCH}`)
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
  }, 120_000)
})

describe('customer lookup details', () => {
  it('searches by keyboard and shows a customer without a name as such', async () => {
    const app = await renderStaff('/ops/customers', {
      self: auditorSelf,
      prepare: (api) =>
        api.on(SEARCH_CALL.method, SEARCH_CALL.path, () => json(200, { customers: [piotr] })),
    })
    await settle()
    await app.user.type(screen.getByLabelText(SEARCH_LABEL), 'piotr{Enter}')
    await settle()
    expect(liveStatus()).toBe(customersFound(1, 'piotr'))
    expect(screen.getAllByRole('row')[1]?.textContent).toContain('No name given')
    app.unmount()
  })

  it('is not open to roles without customers:read', async () => {
    const app = await renderStaff('/ops/customers', { self: adminSelf })
    await settle()
    expect(screen.getByRole('alert').textContent).toBe('Your roles do not open this page.')
    app.unmount()
  })
})
