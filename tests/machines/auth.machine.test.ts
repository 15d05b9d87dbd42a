import { describe, expect, it } from 'vitest'
import { createActor, fromCallback, fromPromise, SimulatedClock, type Actor } from 'xstate'
import { authEvents, loginPair, refreshedPair } from '../../src/flows/fixtures/auth'
import {
  authMachine,
  selectAuthState,
  type AuthEvent,
  type TokenPair,
} from '../../src/machines/auth/auth.machine'
import type { StoredSession } from '../../src/machines/auth/auth-session'
import { DeferredQueue } from '../support/deferred'
import {
  createPathModel,
  runAllPaths,
  statesWithoutAssertion,
  type PathRunner,
} from '../support/model-paths'

/** The logout's bounded wait (the machine's `logoutWait` delay). */
const LOGOUT_WAIT_MS = 3000

interface Ctx {
  actor: Actor<typeof authMachine>
  restores: DeferredQueue<StoredSession | null>
  refreshes: DeferredQueue<TokenPair>
  refreshInputs: (string | null)[]
  logouts: DeferredQueue<undefined>
  logoutInputs: { token: string | null; refreshToken: string | null }[]
  /** Logout calls whose run was aborted (the wait ran out first). */
  logoutsAborted: { count: number }
  clock: SimulatedClock
  storage: Map<string, StoredSession>
  effects: string[]
  sendBack?: (event: AuthEvent) => void
}

describe('auth machine (docs/product/flows.md#authentication)', () => {
  const pm = createPathModel(authMachine, {
    events: authEvents,
    // The tokens are fixtures, so the state space stays small and every arrival is its own node.
    serializeState: (s) => JSON.stringify([s.value, s.context]),
  })

  const runner: PathRunner<typeof authMachine, Ctx> = {
    setup(inspect) {
      const ctx: Omit<Ctx, 'actor'> = {
        restores: new DeferredQueue(),
        refreshes: new DeferredQueue(),
        refreshInputs: [],
        logouts: new DeferredQueue(),
        logoutInputs: [],
        logoutsAborted: { count: 0 },
        clock: new SimulatedClock(),
        storage: new Map(),
        effects: [],
      }
      const logic = authMachine.provide({
        actors: {
          restoreSession: fromPromise(() => ctx.restores.next()),
          refreshSession: fromPromise(({ input }) => {
            ctx.refreshInputs.push(input.refreshToken)
            return ctx.refreshes.next()
          }),
          watchSession: fromCallback(({ sendBack }) => {
            ctx.sendBack = sendBack
          }),
          logOut: fromPromise(({ input, signal }) => {
            ctx.logoutInputs.push(input)
            signal.addEventListener('abort', () => {
              ctx.logoutsAborted.count++
            })
            return ctx.logouts.next()
          }),
        },
        actions: {
          persistSession: ({ context }) => {
            ctx.storage.set('auth_session', { ...context })
            ctx.effects.push('persist')
          },
          clearSession: () => {
            ctx.storage.delete('auth_session')
            ctx.effects.push('clear')
          },
          goToHome: () => void ctx.effects.push('home'),
          goToLogin: () => void ctx.effects.push('login'),
          reloadPage: () => void ctx.effects.push('reload'),
        },
      })
      const actor = createActor(logic, { inspect, clock: ctx.clock }).start()
      return { ...ctx, actor }
    },
    async event(ctx, event) {
      const before = ctx.effects.length
      const storedBefore = ctx.storage.get('auth_session')
      const abortedBefore = ctx.logoutsAborted.count
      switch (event.type) {
        case 'xstate.done.actor.restoreSession':
          ctx.restores.latest.resolve((event as unknown as { output: StoredSession | null }).output)
          break
        case 'xstate.error.actor.restoreSession':
          ctx.restores.latest.reject(new Error('storage unavailable'))
          break
        case 'xstate.done.actor.refreshSession':
          ctx.refreshes.latest.resolve(refreshedPair)
          break
        case 'xstate.error.actor.refreshSession':
          ctx.refreshes.latest.reject(new Error('401'))
          break
        case 'xstate.done.actor.logOut':
          ctx.logouts.latest.resolve(undefined)
          break
        case 'xstate.error.actor.logOut':
          ctx.logouts.latest.reject(new Error('503'))
          break
        case 'xstate.after.logoutWait.auth.signedIn.signingOut':
          ctx.clock.increment(LOGOUT_WAIT_MS - 1)
          // Not a moment before the wait is over.
          expect(ctx.actor.getSnapshot().matches({ signedIn: 'signingOut' })).toBe(true)
          ctx.clock.increment(1)
          break
        case 'session.change':
          // Through the watcher, as the other tab's storage event arrives.
          ctx.sendBack?.(event as AuthEvent)
          break
        default:
          ctx.actor.send(event as AuthEvent)
      }
      await Promise.resolve()
      await new Promise((r) => setTimeout(r, 0))
      const effects = ctx.effects.slice(before)
      // The side effects each event must have, in order.
      if (event.type === 'auth.login') {
        expect(effects).toEqual(['persist', 'home'])
        expect(ctx.storage.get('auth_session')).toEqual({
          token: loginPair.accessToken,
          refreshToken: loginPair.refreshToken,
        })
      } else if (event.type === 'auth.logout') {
        // The server hears of the logout first: nothing is cleared yet.
        expect(effects).toEqual([])
        expect(ctx.storage.get('auth_session')).toEqual(storedBefore)
      } else if (
        [
          'xstate.done.actor.logOut',
          'xstate.error.actor.logOut',
          'xstate.after.logoutWait.auth.signedIn.signingOut',
        ].includes(event.type)
      ) {
        // docs/product/flows.md#explicit-logout, whatever the server answered (or if it did not
        // in time).
        expect(effects).toEqual(['clear', 'login', 'reload'])
        expect(ctx.storage.has('auth_session')).toBe(false)
        // A call still running when the wait ran out is aborted, not left behind.
        expect(ctx.logoutsAborted.count - abortedBefore).toBe(
          event.type.startsWith('xstate.after.') ? 1 : 0,
        )
      } else if (event.type === 'xstate.done.actor.refreshSession') {
        expect(effects).toEqual(['persist'])
        expect(ctx.storage.get('auth_session')).toEqual({
          token: refreshedPair.accessToken,
          refreshToken: refreshedPair.refreshToken,
        })
      } else if (event.type === 'xstate.error.actor.refreshSession') {
        // The logout intercept: access token gone, refresh token kept, no navigation of its own.
        expect(effects).toEqual(['persist'])
        expect(ctx.storage.get('auth_session')?.token).toBeNull()
        expect(ctx.storage.get('auth_session')?.refreshToken).not.toBeNull()
      } else {
        // Restoring and following another tab write nothing and navigate nowhere.
        expect(effects).toEqual([])
      }
    },
    snapshot: (ctx) => ctx.actor.getSnapshot(),
    states: {
      restoring: (_ctx, s) => {
        expect(selectAuthState(s)).toEqual({
          token: null,
          refreshToken: null,
          isUserLoggedIn: false,
          authInProgress: true,
          initiatedFromStorage: false,
        })
      },
      signedOut: (_ctx, s) => {
        const auth = selectAuthState(s)
        expect(auth.isUserLoggedIn).toBe(false)
        expect(auth.token).toBeNull()
        expect(auth.authInProgress).toBe(false)
        expect(auth.initiatedFromStorage).toBe(true)
      },
      signedIn: (_ctx, s) => {
        const auth = selectAuthState(s)
        expect(auth.isUserLoggedIn).toBe(true)
        expect(auth.token).toMatch(/^access-/)
        expect(auth.authInProgress).toBe(false)
      },
      'signedIn.active': (ctx, s) => {
        expect(s.hasTag('pending')).toBe(false)
        expect(ctx.refreshInputs.length).toBe(ctx.refreshes.all.length)
      },
      'signedIn.signingOut': (ctx, s) => {
        // One logout call, with the tokens the chart held when it began; nothing is cleared yet.
        expect(ctx.logoutInputs.at(-1)).toEqual({
          token: expect.stringMatching(/^access-/) as unknown,
          refreshToken: expect.stringMatching(/^refresh-/) as unknown,
        })
        expect(ctx.logouts.all.length).toBe(ctx.logoutInputs.length)
        expect(selectAuthState(s).token).toMatch(/^access-/)
      },
      'signedIn.refreshing': (ctx) => {
        // One refresh is running, sent with a refresh token the chart held when it started.
        expect(ctx.refreshes.all.length).toBe(ctx.refreshInputs.length)
        expect(ctx.refreshInputs.at(-1)).toMatch(/^refresh-/)
      },
    },
    teardown: (ctx) => {
      ctx.actor.stop()
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

  it('ignores a login answer without an access token', () => {
    const actor = createActor(
      authMachine.provide({
        actors: {
          restoreSession: fromPromise<StoredSession | null>(() => Promise.resolve(null)),
          watchSession: fromCallback(() => undefined),
        },
      }),
    ).start()
    return new Promise<void>((done) => {
      setTimeout(() => {
        expect(actor.getSnapshot().matches('signedOut')).toBe(true)
        actor.send({ type: 'auth.login', accessToken: '', refreshToken: 'r' })
        expect(actor.getSnapshot().matches('signedOut')).toBe(true)
        done()
      }, 0)
    })
  })
})
