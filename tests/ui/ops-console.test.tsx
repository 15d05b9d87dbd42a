import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { OpsConsoleSnapshot } from '../../src/machines/ops-console/ops-console.machine'
import { adminSelf, auditorSelf } from '../../src/flows/fixtures/ops-console'
import {
  AUDIT_TITLE,
  CONSOLE_DENIED,
  CONSOLE_FAILED,
  CONSOLE_TITLE,
  CUSTOMERS_TITLE,
  SECOND_FACTOR_LINK,
  SECOND_FACTOR_TITLE,
  STAFF_TITLE,
  TRY_AGAIN,
  rolesInWords,
} from '../../src/ui/ops/ops-texts'
import { createOpsConsolePathModel } from '../machines/ops-console-model'
import { runAllPaths, statesWithoutAssertion, type PathRunner } from '../support/model-paths'
import { OPS_ME, pageHeading, renderStaff, staffToken } from './ops-support'
import { json } from './support/fake-api'
import type { RenderedApp } from './support/render-app'
import { renderApp } from './support/render-app'
import { answerAll, refusalResponse, settle } from './support/security-ui'

const snapshotOf = (app: RenderedApp) =>
  app.probe.actor('opsConsole').getSnapshot() as OpsConsoleSnapshot
const nav = () => screen.getByRole('navigation', { name: CONSOLE_TITLE })

describe('the staff console’s entry (issue 27)', () => {
  const pm = createOpsConsolePathModel()

  const runner: PathRunner<typeof pm.machine, RenderedApp> = {
    async setup(inspect) {
      const app = await renderStaff('/ops', {
        machineId: 'opsConsole',
        inspect,
        prepare: (api) => api.hold(OPS_ME.method, OPS_ME.path),
      })
      await settle()
      return app
    },
    async event(app, event) {
      const e = event as { type: string; output?: unknown; error?: unknown }
      if (e.type === 'xstate.done.actor.getStaffSelf')
        await answerAll(app.api, OPS_ME.method, OPS_ME.path, () => json(200, e.output))
      else if (e.type === 'xstate.error.actor.getStaffSelf')
        await answerAll(app.api, OPS_ME.method, OPS_ME.path, () => refusalResponse(e.error))
      else if (e.type === 'console.retry')
        await app.user.click(screen.getByRole('button', { name: TRY_AGAIN }))
      else throw new Error(`no UI step for ${e.type}`)
      await settle()
    },
    snapshot: (app) => snapshotOf(app) as never,
    states: {
      loading: () => {
        expect(screen.getByRole('status').textContent).toBe('Loading…')
        expect(screen.queryByRole('link', { name: STAFF_TITLE })).toBeNull()
      },
      ready: (app) => {
        expect(app.pathname()).toBe('/ops')
        expect(pageHeading().textContent).toBe(CONSOLE_TITLE)
        expect(screen.getByText(adminSelf.email, { selector: 'strong' })).toBeTruthy()
        expect(screen.getByText(`Roles: ${rolesInWords(adminSelf.roles)}`)).toBeTruthy()
        // An admin's permissions open Staff, not the audit trail.
        expect(nav().querySelector('a[href="/ops/staff"]')).not.toBeNull()
        expect(screen.queryByRole('link', { name: AUDIT_TITLE })).toBeNull()
        expect(screen.queryByRole('link', { name: CUSTOMERS_TITLE })).toBeNull()
      },
      secondFactorRequired: () => {
        expect(pageHeading().textContent).toBe(SECOND_FACTOR_TITLE)
        const link = screen.getByRole('link', { name: SECOND_FACTOR_LINK })
        expect(link.getAttribute('href')).toBe('/app/profile#security-title')
        expect(screen.getByRole('button', { name: TRY_AGAIN })).toBeTruthy()
      },
      failed: (_app, s) => {
        expect(screen.getByRole('alert').textContent).toBe(
          s.context.failure === 'PERMISSION_DENIED' ? CONSOLE_DENIED : CONSOLE_FAILED,
        )
        expect(screen.getByRole('button', { name: TRY_AGAIN })).toBeTruthy()
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
  }, 60_000)
})

describe('reaching the console', () => {
  it('sends a staff token holder from /app to /ops, where the auditor sees three sections', async () => {
    const app = await renderStaff('/app', { self: auditorSelf })
    await settle()
    await waitFor(() => {
      expect(app.pathname()).toBe('/ops')
    })
    for (const name of [CUSTOMERS_TITLE, STAFF_TITLE, AUDIT_TITLE])
      expect(within(nav()).getByRole('link', { name })).toBeTruthy()
    // The customer area's reads never ran for a staff member.
    expect(app.api.count('GET', '/api/users/profile')).toBe(0)
    app.unmount()
  })

  it('takes a staff member from the log-in screen to the console', async () => {
    const app = await renderApp('/app/login')
    app.api
      .on('POST', '/api/auth/login', () =>
        json(200, { accessToken: staffToken(), refreshToken: 'refresh-1' }),
      )
      .on(OPS_ME.method, OPS_ME.path, () => json(200, adminSelf))
    await screen.findByRole('heading', { name: 'Log in' })
    await app.user.type(screen.getByLabelText('Email'), adminSelf.email)
    await app.user.type(screen.getByLabelText('Password'), 'correct-horse{Enter}')
    await waitFor(() => {
      expect(app.pathname()).toBe('/ops')
    })
    expect(await screen.findByText(adminSelf.email, { selector: 'strong' })).toBeTruthy()
    expect(app.api.last(OPS_ME.method, OPS_ME.path)?.authorization).toBe(`Bearer ${staffToken()}`)
    app.unmount()
  })

  it('keeps a customer token on /app', async () => {
    const app = await renderStaff('/app', { token: staffToken('customer') })
    await settle()
    expect(app.pathname()).toBe('/app')
    expect(app.api.count(OPS_ME.method, OPS_ME.path)).toBe(0)
    app.unmount()
  })

  it('sends /ops without a session to /app/login', async () => {
    const app = await renderApp('/ops')
    await settle()
    await waitFor(() => {
      expect(app.pathname()).toBe('/app/login')
    })
    expect(app.api.count(OPS_ME.method, OPS_ME.path)).toBe(0)
    app.unmount()
  })

  it('logs out from the console', async () => {
    const app = await renderStaff('/ops', {
      prepare: (api) =>
        api.on('POST', '/api/auth/logout', () => new Response(null, { status: 204 })),
    })
    await settle()
    await app.user.click(screen.getByRole('button', { name: 'Log out' }))
    await settle()
    await waitFor(() => {
      expect(app.pathname()).toBe('/app/login')
    })
    app.unmount()
  })
})
