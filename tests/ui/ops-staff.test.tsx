import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { ApiError } from '../../src/api/api-call'
import { detailOf } from '../../src/api/ops-call'
import type { OpsStaffSnapshot, StaffMember } from '../../src/machines/ops-staff/ops-staff.machine'
import { auditorSelf } from '../../src/flows/fixtures/ops-console'
import {
  DEACTIVATION_REASON,
  INVITED_EMAIL,
  ida,
  marek,
  marekGrant,
  staffList,
} from '../../src/flows/fixtures/ops-staff'
import {
  CANCEL,
  DEACTIVATE,
  EMAIL_LABEL,
  INVITE,
  INVITE_TITLE,
  LOADING,
  REASON_LABEL,
  REFRESH,
  SAVE_ROLES,
  SEND_INVITE,
  STAFF_LOAD_FAILED,
  TAKEN,
  TRY_AGAIN,
  approveLabel,
  deactivateLabel,
  deactivateTitle,
  editRolesLabel,
  roleNames,
  rolesInWords,
  rolesTitle,
  staffFailureText,
  staffNoticeText,
} from '../../src/ui/ops/ops-texts'
import { createOpsStaffPathModel } from '../machines/ops-staff-model'
import { runAllPaths, statesWithoutAssertion, type PathRunner } from '../support/model-paths'
import { renderStaff } from './ops-support'
import { json } from './support/fake-api'
import type { RenderedApp } from './support/render-app'
import { answerAll, settle } from './support/security-ui'

const LIST = { method: 'GET', path: '/api/ops/staff' }
const INVITE_CALL = { method: 'POST', path: '/api/ops/staff' }
const ROLES = { method: 'PUT', path: `/api/ops/staff/${marek.id}/roles` }
const DEACTIVATION = { method: 'POST', path: `/api/ops/staff/${marek.id}/deactivation` }
const APPROVAL = { method: 'POST', path: `/api/ops/role-grants/${marekGrant.id}/approval` }

/** The server's refusal: its status, errorType and detail. */
function opsRefusal(error: unknown): Response {
  const refusal = error instanceof ApiError ? error : new ApiError(503, 'OTHER_ERROR')
  const status = refusal.status ?? 503
  const detail = detailOf(error)
  return json(status, {
    type: 'about:blank',
    title: 'Error',
    status,
    errorType: refusal.errorType,
    ...(detail ? { detail } : {}),
  })
}

const snapshotOf = (app: RenderedApp) =>
  app.probe.actor('opsStaff').getSnapshot() as OpsStaffSnapshot
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement
const form = () => within(screen.getByRole('form'))
const submit = () => form().getAllByRole('button')[0] as HTMLButtonElement
const rowOf = (member: StaffMember) =>
  screen.getByRole('cell', { name: new RegExp(`^${member.email}`) }).closest('tr') as HTMLElement

async function retype(app: RenderedApp, field: HTMLElement, value: string) {
  await app.user.clear(field)
  await app.user.click(field)
  await app.user.paste(value)
}

describe('staff management (issue 27)', () => {
  const pm = createOpsStaffPathModel()

  const runner: PathRunner<typeof pm.machine, RenderedApp> = {
    async setup(inspect) {
      const app = await renderStaff('/ops/staff', {
        machineId: 'opsStaff',
        inspect,
        prepare: (api) => {
          for (const call of [LIST, INVITE_CALL, ROLES, DEACTIVATION, APPROVAL])
            api.hold(call.method, call.path)
        },
      })
      await settle()
      return app
    },
    async event(app, event) {
      const e = event as { type: string; output?: unknown; error?: unknown; value?: string }
      const answer = async (call: { method: string; path: string }) => {
        if (e.type.startsWith('xstate.done'))
          await answerAll(app.api, call.method, call.path, () =>
            json(call === INVITE_CALL ? 201 : 200, e.output),
          )
        else await answerAll(app.api, call.method, call.path, () => opsRefusal(e.error))
      }
      switch (e.type) {
        case 'staff.reload':
          await app.user.click(button(snapshotOf(app).matches('loadFailed') ? TRY_AGAIN : REFRESH))
          break
        case 'invite.open':
          await app.user.click(button(INVITE))
          break
        case 'email.change':
          await retype(app, form().getByLabelText(EMAIL_LABEL), e.value ?? '')
          break
        case 'role.toggle':
          await app.user.click(form().getByRole('checkbox', { name: roleNames.support }))
          break
        case 'invite.submit':
        case 'roles.save':
        case 'deactivate.submit':
          await app.user.click(submit())
          break
        case 'roles.edit':
          await app.user.click(button(editRolesLabel(marek.email)))
          break
        case 'deactivate.open':
          await app.user.click(button(deactivateLabel(marek.email)))
          break
        case 'reason.change':
          await retype(app, form().getByLabelText(REASON_LABEL), e.value ?? '')
          break
        case 'grant.approve':
          await app.user.click(button(approveLabel(marekGrant.email)))
          break
        case 'form.cancel':
          await app.user.click(form().getByRole('button', { name: CANCEL }))
          break
        default: {
          const actor = /^xstate\.(?:done|error)\.actor\.(.+)$/.exec(e.type)?.[1]
          const calls: Record<string, { method: string; path: string }> = {
            listStaff: LIST,
            inviteStaff: INVITE_CALL,
            changeStaffRoles: ROLES,
            deactivateStaff: DEACTIVATION,
            approveRoleGrant: APPROVAL,
          }
          const call = actor ? calls[actor] : undefined
          if (!call) throw new Error(`no UI step for ${e.type}`)
          await answer(call)
        }
      }
      await settle()
    },
    snapshot: (app) => snapshotOf(app) as never,
    states: {
      loading: (_app, s) => {
        if (s.context.staff.length === 0)
          expect(screen.getByRole('status').textContent).toBe(LOADING)
        else expect(button(REFRESH).disabled).toBe(true)
      },
      loadFailed: () => {
        expect(screen.getByRole('alert').textContent).toBe(STAFF_LOAD_FAILED)
        expect(button(TRY_AGAIN)).toBeTruthy()
      },
      listed: (_app, s) => {
        const { notice, failure } = s.context
        expect(
          screen
            .getAllByRole('row')
            .slice(1)
            .map((row) => (row as HTMLTableRowElement).cells[0]?.textContent),
        ).toEqual(staffList.staff.map((m) => (m.id === ida.id ? `${m.email} (you)` : m.email)))
        expect(within(rowOf(marek)).getAllByRole('cell')[1]?.textContent).toBe(
          rolesInWords(marek.roles),
        )
        // Nobody changes their own roles or deactivates themselves: no buttons on one's own row.
        expect(within(rowOf(ida)).queryAllByRole('button')).toEqual([])
        expect(button(editRolesLabel(marek.email)).disabled).toBe(false)
        expect(button(approveLabel(marekGrant.email)).disabled).toBe(false)
        expect(button(INVITE).disabled).toBe(false)
        expect(screen.queryByRole('form')).toBeNull()
        expect(screen.getByRole('status').textContent).toBe(notice ? staffNoticeText(notice) : '')
        expect(screen.queryByRole('alert')?.textContent ?? null).toBe(
          failure ? staffFailureText(failure, 'other') : null,
        )
      },
      inviting: () => {
        expect(screen.getByRole('heading', { name: INVITE_TITLE })).toBeTruthy()
        expect(screen.queryByRole('button', { name: INVITE })).toBeNull()
      },
      'inviting.editing': (_app, s) => {
        const ready = s.context.email === INVITED_EMAIL && s.context.roles.length > 0
        expect(submit().textContent).toBe(SEND_INVITE)
        expect(submit().disabled).toBe(!ready)
        expect(form().queryByRole('alert')?.textContent ?? null).toBe(
          s.context.failure ? TAKEN : null,
        )
      },
      'inviting.sending': () => {
        expect(submit().getAttribute('aria-busy')).toBe('true')
        expect(form().getByRole('button', { name: CANCEL })).toHaveProperty('disabled', true)
      },
      changingRoles: (_app, s) => {
        expect(screen.getByRole('heading', { name: rolesTitle(marek.email) })).toBeTruthy()
        for (const [role, name] of Object.entries(roleNames))
          expect((form().getByRole('checkbox', { name }) as HTMLInputElement).checked).toBe(
            s.context.roles.includes(role as never),
          )
      },
      'changingRoles.editing': (_app, s) => {
        expect(submit().textContent).toBe(SAVE_ROLES)
        expect(submit().disabled).toBe(s.context.roles.length === 0)
        // A refusal on oneself shows the server's detail beside our words.
        expect(form().queryByRole('alert')?.textContent ?? null).toBe(
          s.context.failure ? 'You cannot do this. Nobody changes their own roles.' : null,
        )
      },
      'changingRoles.saving': () => {
        expect(submit().getAttribute('aria-busy')).toBe('true')
      },
      deactivating: () => {
        expect(screen.getByRole('heading', { name: deactivateTitle(marek.email) })).toBeTruthy()
      },
      'deactivating.editing': (_app, s) => {
        expect(submit().textContent).toBe(DEACTIVATE)
        expect(submit().disabled).toBe(s.context.reason === '')
        expect(form().getByLabelText(REASON_LABEL)).toHaveProperty('required', true)
        expect(form().queryByRole('alert')?.textContent ?? null).toBe(
          s.context.failure ? staffFailureText(s.context.failure, 'other') : null,
        )
      },
      'deactivating.sending': () => {
        expect(submit().getAttribute('aria-busy')).toBe('true')
      },
      approving: () => {
        const approve = button(approveLabel(marekGrant.email))
        expect(approve.getAttribute('aria-busy')).toBe('true')
        expect(approve.disabled).toBe(true)
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

describe('staff management details', () => {
  it('sends the invitation as typed and shows the new member after the list is read again', async () => {
    let list = staffList
    const app = await renderStaff('/ops/staff', {
      prepare: (api) =>
        api
          .on(LIST.method, LIST.path, () => json(200, list))
          .on(INVITE_CALL.method, INVITE_CALL.path, () => {
            const member: StaffMember = {
              ...marek,
              id: '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e',
              email: INVITED_EMAIL,
              roles: ['support', 'compliance'],
              passwordSet: false,
              secondFactor: false,
            }
            list = { ...list, staff: [member, ...list.staff] }
            return json(201, { member, pendingGrant: null })
          }),
    })
    await settle()
    await app.user.click(button(INVITE))
    // By keyboard: the address, then the roles' checkboxes with the space bar.
    await app.user.type(form().getByLabelText(EMAIL_LABEL), INVITED_EMAIL)
    await app.user.tab()
    await app.user.keyboard(' ')
    await app.user.tab()
    await app.user.tab()
    await app.user.keyboard(' ')
    await app.user.keyboard('{Enter}')
    await settle()
    expect(app.api.last(INVITE_CALL.method, INVITE_CALL.path)?.body).toEqual({
      email: INVITED_EMAIL,
      roles: ['support', 'compliance'],
    })
    expect(screen.getByRole('status').textContent).toBe(
      `An invitation was sent to ${INVITED_EMAIL}.`,
    )
    expect(
      within(rowOf({ ...marek, email: INVITED_EMAIL })).getAllByRole('cell')[2]?.textContent,
    ).toBe('Invited')
    app.unmount()
  })

  it('deactivates with the reason typed', async () => {
    const app = await renderStaff('/ops/staff', {
      prepare: (api) =>
        api
          .on(LIST.method, LIST.path, () => json(200, staffList))
          .on(DEACTIVATION.method, DEACTIVATION.path, () =>
            json(200, { member: { ...marek, active: false }, pendingGrant: null }),
          ),
    })
    await settle()
    await app.user.click(button(deactivateLabel(marek.email)))
    await app.user.type(form().getByLabelText(REASON_LABEL), `  ${DEACTIVATION_REASON} `)
    await app.user.click(submit())
    await settle()
    expect(app.api.last(DEACTIVATION.method, DEACTIVATION.path)?.body).toEqual({
      reason: DEACTIVATION_REASON,
    })
    expect(screen.getByRole('status').textContent).toBe(`${marek.email} was deactivated.`)
    // Focus goes back to the button that opened the form once the list is read again (this
    // fake list still has Marek), and so it does after 'Cancel'.
    expect(document.activeElement).toBe(button(deactivateLabel(marek.email)))
    await app.user.click(button(editRolesLabel(marek.email)))
    expect(document.activeElement).toBe(form().getByRole('checkbox', { name: roleNames.support }))
    await app.user.click(form().getByRole('button', { name: CANCEL }))
    expect(document.activeElement).toBe(button(editRolesLabel(marek.email)))
    app.unmount()
  })

  it('shows the list without any change for staff:read alone', async () => {
    const app = await renderStaff('/ops/staff', {
      self: auditorSelf,
      prepare: (api) => api.on(LIST.method, LIST.path, () => json(200, staffList)),
    })
    await settle()
    expect(screen.getAllByRole('row')).toHaveLength(staffList.staff.length + 1)
    expect(screen.queryByRole('button', { name: INVITE })).toBeNull()
    expect(
      screen.queryByRole('button', { name: /^Change the roles|^Deactivate|^Approve/ }),
    ).toBeNull()
    app.unmount()
  })

  it('says the page is not open to roles without staff:read', async () => {
    const app = await renderStaff('/ops/staff', {
      self: { ...auditorSelf, permissions: ['console:enter', 'customers:read'] },
    })
    await settle()
    expect(screen.getByRole('alert').textContent).toBe('Your roles do not open this page.')
    expect(app.api.count(LIST.method, LIST.path)).toBe(0)
    app.unmount()
  })
})
