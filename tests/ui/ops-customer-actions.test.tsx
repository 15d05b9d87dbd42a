import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { StaffSelf } from '../../src/machines/ops-console/ops-console.machine'
import type { OpsCustomerActionsSnapshot } from '../../src/machines/ops-customer-actions/ops-customer-actions.machine'
import { ALREADY_APPROVED, askedRequest } from '../../src/flows/fixtures/ops-customer-actions'
import { annaPage } from '../../src/flows/fixtures/ops-customer'
import { anna } from '../../src/flows/fixtures/ops-customers'
import {
  ACTIONS_TITLE,
  DONE_TEXTS,
  KIND_LABEL,
  LIFT_HOLD,
  NOTE_LABEL,
  PLACE_HOLD,
  REASON_LABEL,
  REQUEST_VERIFICATION,
} from '../../src/ui/ops/customer-actions'
import { createCustomerActionsPathModel } from '../machines/ops-customer-actions-model'
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

const base = `/api/ops/customers/${anna.id}`
const CALLS: Record<string, { method: string; path: string; status: number }> = {
  requestVerification: { method: 'POST', path: `${base}/verification-requests`, status: 201 },
  withdrawVerificationRequest: {
    method: 'POST',
    path: `${base}/verification-requests/${askedRequest.id}/withdrawal`,
    status: 200,
  },
  placeHold: { method: 'POST', path: `${base}/hold`, status: 201 },
  liftHold: { method: 'POST', path: `${base}/hold/lifting`, status: 200 },
}

const complianceSelf: StaffSelf = {
  id: '8d9e0f1a-2b3c-4d4e-5f6a-7b8c9d0e1f2a',
  email: 'olga@exchange.example',
  locale: 'en',
  roles: ['compliance'],
  permissions: ['console:enter', 'customers:read', 'customers:verify', 'customers:hold'],
}

// Anna's page with the request the panel may withdraw.
const pageWithOpenRequest = {
  ...annaPage,
  verificationRequests: [...annaPage.verificationRequests, askedRequest],
}

const snapshotOf = (app: RenderedApp) =>
  app.probe.actor('opsCustomerActions').getSnapshot() as OpsCustomerActionsSnapshot
const panel = () => within(screen.getByRole('region', { name: ACTIONS_TITLE }))
const button = (name: string) => panel().getByRole('button', { name }) as HTMLButtonElement
const status = () => panel().getByRole('status')

describe("the desk's actions on a customer's page (issue 29)", () => {
  const pm = coveringPaths(createCustomerActionsPathModel())

  const runner: PathRunner<typeof pm.machine, RenderedApp> = {
    async setup(inspect) {
      const app = await renderStaff(`/ops/customers/${anna.id}`, {
        self: complianceSelf,
        machineId: 'opsCustomerActions',
        inspect,
        prepare: (api) => {
          api.on('GET', base, () => json(200, pageWithOpenRequest))
          for (const call of Object.values(CALLS)) api.hold(call.method, call.path)
        },
      })
      await settle()
      expect(panel()).toBeTruthy()
      return app
    },
    async event(app, event) {
      const e = event as { type: string; output?: unknown; error?: unknown; value?: string }
      const typeInto = async (label: string, value: string) => {
        const field = panel().getByLabelText(label)
        await app.user.clear(field)
        await app.user.click(field)
        if (value !== '') await app.user.paste(value)
      }
      const done = /^xstate\.(done|error)\.actor\.(.+)$/.exec(e.type)
      if (done) {
        const call = CALLS[done[2] ?? '']
        if (!call) throw new Error(`no call for ${e.type}`)
        await answerAll(app.api, call.method, call.path, () =>
          done[1] === 'done' ? json(call.status, e.output) : deskRefusal(e.error),
        )
      } else if (e.type === 'kind.change')
        await app.user.selectOptions(
          panel().getByLabelText(KIND_LABEL),
          (e as { kind?: string }).kind ?? '',
        )
      else if (e.type === 'note.change') await typeInto(NOTE_LABEL, e.value ?? '')
      else if (e.type === 'reason.change') await typeInto(REASON_LABEL, e.value ?? '')
      else if (e.type === 'verification.request') await app.user.click(button(REQUEST_VERIFICATION))
      else if (e.type === 'verification.withdraw')
        await app.user.click(button(`Withdraw the ${askedRequest.kind} request`))
      else if (e.type === 'hold.place') await app.user.click(button(PLACE_HOLD))
      else if (e.type === 'hold.lift') await app.user.click(button(LIFT_HOLD))
      else throw new Error(`no UI step for ${e.type}`)
      await settle()
    },
    snapshot: (app) => snapshotOf(app) as never,
    states: {
      idle: (_app, s) => {
        const { done, failure, note, reason } = s.context
        expect(status().textContent).toBe(done ? DONE_TEXTS[done] : '')
        expect(panel().queryByRole('alert')?.textContent ?? null).toBe(
          failure ? ALREADY_APPROVED : null,
        )
        expect(button(REQUEST_VERIFICATION).disabled).toBe(note.trim() === '')
        expect(button(PLACE_HOLD).disabled).toBe(reason.trim() === '')
        expect((panel().getByLabelText(NOTE_LABEL) as HTMLTextAreaElement).value).toBe(note)
      },
      requesting: () => {
        expect(status().getAttribute('aria-busy')).toBe('true')
        expect(button(REQUEST_VERIFICATION).disabled).toBe(true)
      },
      withdrawing: () => {
        expect(status().getAttribute('aria-busy')).toBe('true')
      },
      placing: () => {
        expect(status().getAttribute('aria-busy')).toBe('true')
        expect(button(LIFT_HOLD).disabled).toBe(true)
      },
      lifting: () => {
        expect(status().getAttribute('aria-busy')).toBe('true')
        expect(button(PLACE_HOLD).disabled).toBe(true)
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

  it('shows no panel to support, who may neither ask nor hold', async () => {
    await renderStaff(`/ops/customers/${anna.id}`, {
      self: {
        ...complianceSelf,
        roles: ['support'],
        permissions: ['console:enter', 'customers:read'],
      },
      prepare: (api) => api.on('GET', base, () => json(200, pageWithOpenRequest)),
    })
    await settle()
    expect(screen.getByRole('heading', { level: 1 })).toBeTruthy()
    expect(screen.queryByRole('region', { name: ACTIONS_TITLE })).toBeNull()
  })
})
