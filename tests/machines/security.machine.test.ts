/**
 * The Security section as one actor system (decision 109): the real section with its five real
 * children, their calls answered by scripts. The cards find the step-up through the system and it
 * answers every change that waits; nothing outside the chart relays anything.
 */
import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, type Actor, type InspectionEvent } from 'xstate'
import { ApiError } from '../../src/api/api-call'
import {
  enrolment,
  laptopKey,
  phoneSession,
  recoveryCodes,
  thisSession,
} from '../../src/flows/fixtures/security'
import { authenticatorAppMachine } from '../../src/machines/authenticator-app/authenticator-app.machine'
import { changePasswordMachine } from '../../src/machines/change-password/change-password.machine'
import { passkeysMachine } from '../../src/machines/passkeys/passkeys.machine'
import { STEP_UP_SYSTEM_ID } from '../../src/machines/security/security-protocol'
import { securityMachine } from '../../src/machines/security/security.machine'
import { sessionsMachine, type Session } from '../../src/machines/sessions/sessions.machine'
import { selectStepUpView, stepUpMachine } from '../../src/machines/step-up/step-up.machine'
import { settled } from '../support/actor-fakes'
import { runAllPaths, statesWithoutAssertion, type PathRunner } from '../support/model-paths'
import { changeMadeBy, createSecurityPathModel } from './security-model'

const NEW_PASSWORD = 'staple-battery-horse-42'
const STEP_UP_PASSWORD = 'correct-horse'
const stepUpRequired = () => new ApiError(403, 'STEP_UP_REQUIRED')

type Answer = { ok: unknown } | { error: Error }

/**
 * The server as the section's actors see it: each call takes the next answer of its script, then
 * its usual one, and every input is recorded by call.
 */
class ScriptedServer {
  readonly calls: Record<string, unknown[]> = {}
  sessions: Session[] = [thisSession, phoneSession]
  private readonly scripts: Record<string, Answer[]> = {}
  private readonly usual: Record<string, () => Answer> = {
    askPasskey: () => ({ error: new Error('no passkey prompt here') }),
    checkStepUp: () => ({ ok: { stepUpUntil: '2026-11-27T10:05:00.000Z' } }),
    changePassword: () => ({ ok: { status: 'password-changed' } }),
    loadPasskeys: () => ({ ok: [] }),
    loadTotp: () => ({ ok: { enabled: false, recoveryCodesLeft: 0 } }),
    startTotpEnrolment: () => ({ ok: enrolment }),
    confirmTotp: () => ({ ok: recoveryCodes }),
    listSessions: () => ({ ok: this.sessions }),
    endOtherSessions: () => {
      const ended = this.sessions.filter((s) => !s.current).length
      this.sessions = this.sessions.filter((s) => s.current)
      return { ok: ended }
    },
  }

  /** The next answers of a call, before its usual one. */
  script(call: string, ...answers: Answer[]): this {
    this.scripts[call] = [...(this.scripts[call] ?? []), ...answers]
    return this
  }

  count(call: string): number {
    return this.calls[call]?.length ?? 0
  }

  private actor(call: string) {
    return fromPromise<unknown, unknown>(({ input }) => {
      ;(this.calls[call] ??= []).push(input)
      const answer = this.scripts[call]?.shift() ?? this.usual[call]?.()
      if (!answer) return Promise.reject(new Error(`no answer for ${call}`))
      return 'error' in answer ? Promise.reject(answer.error) : Promise.resolve(answer.ok)
    })
  }

  private actors(...calls: string[]) {
    return Object.fromEntries(calls.map((call) => [call, this.actor(call)])) as never
  }

  /** The section with its five children, their calls answered here. */
  section(inspect?: (event: InspectionEvent) => void) {
    const machine = securityMachine.provide({
      actors: {
        stepUp: stepUpMachine.provide({ actors: this.actors('askPasskey', 'checkStepUp') }),
        changePassword: changePasswordMachine.provide({
          actors: this.actors('changePassword'),
        }),
        passkeys: passkeysMachine.provide({
          actors: this.actors(
            'loadPasskeys',
            'passkeyOptions',
            'createPasskey',
            'addPasskey',
            'renamePasskey',
            'removePasskey',
          ),
        }),
        authenticatorApp: authenticatorAppMachine.provide({
          actors: this.actors(
            'loadTotp',
            'startTotpEnrolment',
            'confirmTotp',
            'removeTotp',
            'copyCodes',
          ),
        }),
        sessions: sessionsMachine.provide({
          actors: this.actors('listSessions', 'endSession', 'endOtherSessions'),
        }),
      },
    })
    return createActor(machine, { inspect }).start()
  }
}

type Section = Actor<typeof securityMachine>

const child = <K extends 'stepUp' | 'changePassword' | 'authenticatorApp' | 'sessions'>(
  section: Section,
  id: K,
) => {
  const ref = section.getSnapshot().children[id]
  if (!ref) throw new Error(`no ${id} child`)
  return ref
}

/** The customer types the new password and presses 'Change password'. */
async function changePassword(section: Section) {
  child(section, 'changePassword').send({ type: 'password.change', value: NEW_PASSWORD })
  child(section, 'changePassword').send({ type: 'form.submit' })
  await settled()
}

/** The customer answers the open dialog with the password (an account without a factor). */
async function confirmStepUp(section: Section) {
  expect(selectStepUpView(child(section, 'stepUp').getSnapshot()).open).toBe(true)
  child(section, 'stepUp').send({ type: 'password.change', value: STEP_UP_PASSWORD })
  child(section, 'stepUp').send({ type: 'form.submit' })
  await settled()
  await settled()
}

/** The customer presses 'End all other sessions'. */
async function endOthers(section: Section) {
  child(section, 'sessions').send({ type: 'sessions.endOthers' })
  await settled()
}

interface Ctx {
  server: ScriptedServer
  section: Section
  changes: number
}

describe('the Security section as one statechart (issue 26 item 1)', () => {
  const pm = createSecurityPathModel()

  const runner: PathRunner<typeof securityMachine, Ctx> = {
    async setup(inspect) {
      // The section's own events only: its children report to the same inspector.
      const own = (event: InspectionEvent) => {
        if ((event.actorRef as { logic?: { id?: string } }).logic?.id === 'security') inspect(event)
      }
      const server = new ScriptedServer()
      const section = server.section(own)
      await settled()
      return { server, section, changes: 0 }
    },
    async event(ctx, event) {
      expect(event.type).toBe('security.changed')
      const { server, section } = ctx
      const reads = server.count('listSessions')
      if (changeMadeBy(ctx.changes) === 'password') {
        // The server wants a step-up first; the dialog's confirmation sends the change again.
        server.script('changePassword', { error: stepUpRequired() })
        await changePassword(section)
        expect(child(section, 'changePassword').getSnapshot().matches('confirming')).toBe(true)
        await confirmStepUp(section)
        expect(server.calls.changePassword).toEqual([
          { newPassword: NEW_PASSWORD },
          { newPassword: NEW_PASSWORD },
        ])
        expect(child(section, 'changePassword').getSnapshot().matches('changed')).toBe(true)
      } else {
        const app = child(section, 'authenticatorApp')
        app.send({ type: 'totp.setUp' })
        await settled()
        app.send({ type: 'code.change', value: '492 039' })
        app.send({ type: 'code.submit' })
        await settled()
        expect(app.getSnapshot().matches('showingCodes')).toBe(true)
        // The dialog learnt that the account has the app now: it would ask for its code.
        expect(child(section, 'stepUp').getSnapshot().context.account).toMatchObject({
          totp: true,
          recoveryCodes: true,
        })
      }
      await settled()
      // The section read the sessions again: the server ended the others.
      expect(server.count('listSessions')).toBe(reads + 1)
      ctx.changes++
    },
    snapshot: (ctx) => ctx.section.getSnapshot(),
    states: {
      open: (ctx, s) => {
        // The five children run; the dialog is closed between changes.
        for (const id of [
          'stepUp',
          'changePassword',
          'passkeys',
          'authenticatorApp',
          'sessions',
        ] as const)
          expect(s.children[id]?.getSnapshot().status).toBe('active')
        expect(selectStepUpView(child(ctx.section, 'stepUp').getSnapshot()).open).toBe(false)
        expect(ctx.section.system.get(STEP_UP_SYSTEM_ID)).toBe(s.children.stepUp)
        expect(child(ctx.section, 'sessions').getSnapshot().context.sessions).toEqual(
          ctx.server.sessions,
        )
      },
    },
    teardown: (ctx) => {
      ctx.section.stop()
    },
  }

  it('has an assertion for every state', () => {
    expect(statesWithoutAssertion(pm, runner.states)).toEqual([])
  })

  it('takes every state and transition on generated paths', async () => {
    const report = await runAllPaths(pm, runner, 'machine')
    expect(report.states.missing).toEqual([])
    expect(report.transitions.missing).toEqual([])
  })

  /** The password change and 'End all other sessions', both refused until a step-up. */
  async function twoChangesWaiting() {
    const server = new ScriptedServer()
      .script('changePassword', { error: stepUpRequired() })
      .script('endOtherSessions', { error: stepUpRequired() })
    const section = server.section()
    await settled()
    await changePassword(section)
    await endOthers(section)
    expect(child(section, 'changePassword').getSnapshot().matches('confirming')).toBe(true)
    expect(child(section, 'sessions').getSnapshot().matches('confirming')).toBe(true)
    return { server, section }
  }

  it('one confirmation serves every change that waits for it', async () => {
    const { server, section } = await twoChangesWaiting()
    await confirmStepUp(section)
    expect(server.count('checkStepUp')).toBe(1)
    expect(server.count('changePassword')).toBe(2)
    expect(server.count('endOtherSessions')).toBe(2)
    expect(child(section, 'changePassword').getSnapshot().matches('changed')).toBe(true)
    expect(child(section, 'sessions').getSnapshot().context.notice).toEqual({
      kind: 'endedOthers',
      count: 1,
    })
    section.stop()
  })

  it("'Cancel' drops every change that waits, and sends nothing again", async () => {
    const { server, section } = await twoChangesWaiting()
    child(section, 'stepUp').send({ type: 'stepUp.cancel' })
    await settled()
    expect(child(section, 'changePassword').getSnapshot().matches('editing')).toBe(true)
    expect(child(section, 'sessions').getSnapshot().matches('listed')).toBe(true)
    expect([server.count('changePassword'), server.count('endOtherSessions')]).toEqual([1, 1])
    expect(server.count('checkStepUp')).toBe(0)
    section.stop()
  })

  it('a second 403 after the confirmation is a failure, not a second dialog', async () => {
    const server = new ScriptedServer().script(
      'changePassword',
      { error: stepUpRequired() },
      { error: stepUpRequired() },
    )
    const section = server.section()
    await settled()
    await changePassword(section)
    await confirmStepUp(section)
    const password = child(section, 'changePassword').getSnapshot()
    expect(password.matches('failed')).toBe(true)
    expect(password.context.failure).toBe('STEP_UP_REQUIRED')
    expect(selectStepUpView(child(section, 'stepUp').getSnapshot()).open).toBe(false)
    section.stop()
  })

  it('the dialog asks for what the cards read: the app first, then a recovery code or the passkey', async () => {
    const server = new ScriptedServer()
      .script('loadTotp', { ok: { enabled: true, recoveryCodesLeft: 3 } })
      .script('loadPasskeys', { ok: [laptopKey] })
      .script('changePassword', { error: stepUpRequired() })
    const section = server.section()
    await settled()
    await changePassword(section)
    expect(selectStepUpView(child(section, 'stepUp').getSnapshot())).toMatchObject({
      open: true,
      proof: 'totp',
      switches: ['recovery-code', 'passkey'],
    })
    section.stop()
  })
})
