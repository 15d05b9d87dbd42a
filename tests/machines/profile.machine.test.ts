import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, type Actor } from 'xstate'
import { ApiError } from '../../src/api/api-call'
import { profileFieldErrors } from '../../src/machines/profile-form/profile-errors'
import {
  profileFormMachine,
  selectProfileView,
  TRANSIENT_MESSAGE_MS,
  type Profile,
  type ProfileFormEvent,
  type ProfileUpdateInput,
} from '../../src/machines/profile-form/profile-form.machine'
import { DeferredQueue } from '../support/deferred'
import { runAllPaths, statesWithoutAssertion, type PathRunner } from '../support/model-paths'
import { names, PHONE_REFUSAL, phoneRefused, storedProfile } from '../../src/flows/fixtures/profile'
import { createProfilePathModel } from './profile-model'

interface Ctx {
  actor: Actor<typeof profileFormMachine>
  loads: DeferredQueue<Profile>
  saves: DeferredQueue<Profile>
  sent: ProfileUpdateInput[]
  refreshed: Profile[]
}

describe('profile form (docs/product/flows.md#profile)', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  const pm = createProfilePathModel()

  const runner: PathRunner<typeof profileFormMachine, Ctx> = {
    setup(inspect) {
      const ctx = {
        loads: new DeferredQueue<Profile>(),
        saves: new DeferredQueue<Profile>(),
        sent: [],
        refreshed: [],
      } as unknown as Ctx
      ctx.actor = createActor(
        profileFormMachine.provide({
          actors: {
            loadProfile: fromPromise(() => ctx.loads.next()),
            saveProfile: fromPromise(({ input }) => {
              ctx.sent.push(input)
              return ctx.saves.next()
            }),
          },
          actions: { profileSaved: (_, { profile }) => void ctx.refreshed.push(profile) },
        }),
        { inspect },
      ).start()
      return ctx
    },
    async event(ctx, event) {
      const e = event as { type: string; output?: Profile; error?: unknown }
      const refreshed = ctx.refreshed.length
      if (e.type === 'xstate.done.actor.loadProfile' && e.output) ctx.loads.latest.resolve(e.output)
      else if (e.type === 'xstate.error.actor.loadProfile')
        ctx.loads.latest.reject(new Error('503'))
      else if (e.type === 'xstate.done.actor.saveProfile' && e.output)
        ctx.saves.latest.resolve(e.output)
      else if (e.type === 'xstate.error.actor.saveProfile') ctx.saves.latest.reject(e.error)
      else if (e.type.startsWith('xstate.after.transientMessage')) {
        // The message stays its full 3000 ms, then goes.
        await vi.advanceTimersByTimeAsync(TRANSIENT_MESSAGE_MS - 1)
        expect(ctx.actor.getSnapshot().matches('saved')).toBe(true)
        await vi.advanceTimersByTimeAsync(1)
      } else ctx.actor.send(event as ProfileFormEvent)
      await vi.advanceTimersByTimeAsync(0)
      // The cached profile is refreshed exactly when an update succeeds
      // (docs/product/flows.md#profile).
      expect(ctx.refreshed.length - refreshed).toBe(
        e.type === 'xstate.done.actor.saveProfile' ? 1 : 0,
      )
    },
    snapshot: (ctx) => ctx.actor.getSnapshot(),
    states: {
      loading: (ctx, s) => {
        expect(selectProfileView(s).phase).toBe('loading')
        expect(ctx.loads.all.length).toBeGreaterThan(0)
      },
      loadFailed: (_ctx, s) => {
        expect(selectProfileView(s).phase).toBe('loadFailed')
      },
      editing: (_ctx, s) => {
        const view = selectProfileView(s)
        expect(view).toMatchObject({ phase: 'ready', saved: false, errorType: null })
        expect(view.email).toBe(storedProfile.email)
        expect(view.locale).toBe(s.context.locale)
        if (view.errors.firstName)
          expect(view.errors.firstName).toEqual({ rule: 'max', count: 100 })
      },
      submitting: (ctx, s) => {
        expect(selectProfileView(s).submitting).toBe(true)
        // The language goes only when the customer chose another than the stored one.
        expect(ctx.sent.at(-1)).toEqual(
          s.context.locale === s.context.storedLocale
            ? s.context.values
            : { ...s.context.values, locale: s.context.locale },
        )
        expect(s.context.errors).toEqual({})
      },
      saved: (_ctx, s) => {
        const view = selectProfileView(s)
        expect(view.saved).toBe(true)
        expect(view.values.firstName).toBe(names.good)
      },
      failed: (_ctx, s) => {
        const view = selectProfileView(s)
        expect(view.errorType).not.toBeNull()
        // The server's field errors show at their fields.
        if (view.errorType === 'VALIDATION_ERROR')
          expect(view.errors).toEqual({ phone: PHONE_REFUSAL })
        else expect(view.errors).toEqual({})
      },
    },
    teardown: (ctx) => {
      ctx.actor.stop()
    },
  }

  it('has an assertion for every state', () => {
    expect(statesWithoutAssertion(pm, runner.states)).toEqual([])
  })

  it('takes every state and transition on generated paths (the 3 s message as a named delay)', async () => {
    const report = await runAllPaths(pm, runner, 'machine')
    expect(report.states.missing).toEqual([])
    expect(report.transitions.missing).toEqual([])
    expect(phoneRefused).toBeInstanceOf(ApiError)
  })

  it('shows the message for 3000 ms', () => {
    expect(TRANSIENT_MESSAGE_MS).toBe(3000)
    expect(profileFormMachine.implementations.delays.transientMessage).toBe(3000)
  })

  it("reads the server's field errors by JSON pointer, as the form's own rules", () => {
    expect(
      profileFieldErrors([
        {
          field: '/phone',
          message: 'must match pattern "^(\\+?[0-9 ]{0,30})$"',
          code: 'pattern',
        },
        {
          field: '/firstName',
          message: 'must NOT have more than 100 characters',
          code: 'maxLength',
        },
        { field: '/email', message: 'is not an allowed property', code: 'additionalProperties' },
        { field: '/phone', message: 'again', code: 'x' },
        { field: '/country', message: 'must match pattern "^([A-Z]{2})?$"', code: 'pattern' },
        { field: '/lastName', message: 'must be string', code: 'type' },
      ]),
    ).toEqual({
      phone: PHONE_REFUSAL,
      // The client's own limit, in the form's own words: 'Max 100 characters'.
      firstName: { rule: 'max', count: 100 },
      country: { rule: 'country-pattern' },
      // A rule the product has no words for: 'Last name is not valid'.
      lastName: { rule: 'invalid', field: 'lastName' },
    })
    expect(
      profileFieldErrors([
        { field: '/lastName', message: "must have required property 'x'", code: 'required' },
      ]),
    ).toEqual({ lastName: { rule: 'required' } })
    expect(profileFieldErrors([])).toEqual({})
  })
})
