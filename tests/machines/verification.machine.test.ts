import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromCallback, fromPromise, type Actor } from 'xstate'
import { widgetEventOf } from '../../src/machines/verification/sumsub-messages'
import {
  kybVerificationMachine,
  kycVerificationMachine,
  selectVerificationView,
  STATUS_POLL_MS,
  type VerificationEvent,
  type VerificationMachine,
  type WidgetCommand,
} from '../../src/machines/verification/verification.machine'
import {
  buttonOf,
  type VerificationStatus,
} from '../../src/machines/verification/verification-status'
import { DeferredQueue } from '../support/deferred'
import { runAllPaths, statesWithoutAssertion, type PathRunner } from '../support/model-paths'
import { statuses, tokens } from '../../src/flows/fixtures/verification'
import { createVerificationPathModel } from './verification-model'

interface Ctx {
  actor: Actor<VerificationMachine>
  statusReads: DeferredQueue<VerificationStatus>
  tokenRequests: DeferredQueue<string>
  renewals: DeferredQueue<string>
  /** What the widget bridge was handed: the renewed tokens, or refusals. */
  delivered: WidgetCommand[]
  bridge?: { token: string; send: (event: VerificationEvent) => void }
}

const settle = () => vi.advanceTimersByTimeAsync(0)

function verificationSuite(machine: VerificationMachine) {
  describe(`${machine.id} (docs/product/flows.md#verification)`, () => {
    beforeEach(() => {
      vi.useFakeTimers()
    })
    afterEach(() => {
      vi.useRealTimers()
    })

    const pm = createVerificationPathModel(machine)

    const runner: PathRunner<VerificationMachine, Ctx> = {
      setup(inspect) {
        const ctx = {
          statusReads: new DeferredQueue<VerificationStatus>(),
          tokenRequests: new DeferredQueue<string>(),
          renewals: new DeferredQueue<string>(),
          delivered: [],
        } as unknown as Ctx
        ctx.actor = createActor(
          machine.provide({
            actors: {
              fetchStatus: fromPromise(() => ctx.statusReads.next()),
              fetchToken: fromPromise(() => ctx.tokenRequests.next()),
              renewToken: fromPromise(() => ctx.renewals.next()),
              widgetBridge: fromCallback(({ input, sendBack, receive }) => {
                ctx.bridge = { token: input.token, send: sendBack }
                receive((command) => ctx.delivered.push(command))
                return () => {
                  ctx.bridge = undefined
                }
              }),
            },
          }),
          { inspect },
        ).start()
        return ctx
      },
      async event(ctx, event) {
        const e = event as { type: string; output?: unknown }
        const reads = ctx.statusReads.all.length
        const delivered = ctx.delivered.length
        if (e.type === 'xstate.done.actor.fetchStatus')
          ctx.statusReads.latest.resolve(e.output as VerificationStatus)
        else if (e.type === 'xstate.error.actor.fetchStatus')
          ctx.statusReads.latest.reject(new Error('503'))
        else if (e.type === 'xstate.done.actor.fetchToken')
          ctx.tokenRequests.latest.resolve(tokens.first)
        else if (e.type === 'xstate.error.actor.fetchToken')
          ctx.tokenRequests.latest.reject(new Error('503'))
        else if (e.type === 'xstate.done.actor.renewToken')
          ctx.renewals.latest.resolve(tokens.renewed)
        else if (e.type === 'xstate.error.actor.renewToken')
          ctx.renewals.latest.reject(new Error('503'))
        else if (e.type.startsWith('xstate.after.poll')) {
          // The poll is the machine's named delay: nothing is read before it has passed.
          await vi.advanceTimersByTimeAsync(STATUS_POLL_MS - 1)
          expect(ctx.statusReads.all.length).toBe(reads)
          await vi.advanceTimersByTimeAsync(1)
        } else if (e.type.startsWith('widget.') && e.type !== 'widget.exit') {
          // The widget's reports come through the bridge.
          ctx.bridge?.send(event as VerificationEvent)
        } else ctx.actor.send(event as VerificationEvent)
        await settle()
        // The bridge is handed a token exactly when a renewal settles.
        const handed = ctx.delivered.slice(delivered)
        if (e.type === 'xstate.done.actor.renewToken')
          expect(handed).toEqual([{ type: 'token.deliver', token: tokens.renewed }])
        else if (e.type === 'xstate.error.actor.renewToken')
          expect(handed).toEqual([
            { type: 'token.refused', error: 'The access token could not be renewed' },
          ])
        else expect(handed).toEqual([])
      },
      snapshot: (ctx) => ctx.actor.getSnapshot(),
      states: {
        status: (_ctx, s) => {
          const view = selectVerificationView(s)
          expect(view.label).toBe(buttonOf(s.context.status).label)
          if (view.label.startsWith('Completed')) expect(view.disabled).toBe(true)
        },
        'status.loading': (ctx) => {
          expect(ctx.statusReads.all.length).toBeGreaterThan(0)
        },
        'status.waiting': () => {
          expect(vi.getTimerCount()).toBeGreaterThan(0)
        },
        widget: (ctx, s) => {
          // The bridge to the widget runs exactly while the widget is open.
          expect(ctx.bridge !== undefined).toBe(s.matches({ widget: 'open' }))
        },
        'widget.closed': (ctx, s) => {
          expect(selectVerificationView(s).widget).toBe('closed')
          expect(ctx.bridge).toBeUndefined()
        },
        'widget.fetchingToken': (ctx, s) => {
          expect(selectVerificationView(s)).toMatchObject({ widget: 'loading', disabled: true })
          expect(ctx.tokenRequests.all.length).toBeGreaterThan(0)
        },
        'widget.failed': (_ctx, s) => {
          expect(selectVerificationView(s)).toMatchObject({ widget: 'closed', failed: true })
        },
        'widget.open': (ctx, s) => {
          expect(selectVerificationView(s)).toMatchObject({
            widget: 'open',
            token: tokens.first,
            disabled: true,
          })
          // The widget was opened with the first token; renewed ones are handed over.
          expect(ctx.bridge?.token).toBe(tokens.first)
        },
        'widget.open.running': (ctx) => {
          // Every renewal asked for has been handed over (or refused): none is pending.
          expect(ctx.delivered.length).toBe(ctx.renewals.all.length)
        },
        'widget.open.renewing': (ctx) => {
          expect(ctx.renewals.all.length).toBeGreaterThan(0)
        },
      },
      teardown: (ctx) => {
        ctx.actor.stop()
      },
    }

    it('has an assertion for every state', () => {
      expect(statesWithoutAssertion(pm, runner.states)).toEqual([])
    })

    it('takes every state and transition on generated paths (the 60 s poll as a named delay)', async () => {
      const report = await runAllPaths(pm, runner, 'machine')
      expect(report.states.missing).toEqual([])
      expect(report.transitions.missing).toEqual([])
    })
  })
}

verificationSuite(kycVerificationMachine)
verificationSuite(kybVerificationMachine)

describe('verification labels and widget messages (docs/product/flows.md#verification)', () => {
  it("labels the button 'Start', 'Continue' or a disabled 'Completed: …'", () => {
    expect(buttonOf(statuses.notStarted)).toEqual({ label: 'Start', disabled: false })
    expect(buttonOf(statuses.pending)).toEqual({ label: 'Start', disabled: false })
    expect(buttonOf(statuses.init)).toEqual({ label: 'Continue', disabled: false })
    expect(buttonOf(statuses.approved)).toEqual({ label: 'Completed: approved', disabled: true })
    expect(buttonOf(statuses.rejected)).toEqual({ label: 'Completed: rejected', disabled: true })
    expect(buttonOf({ reviewStatus: 'completed', reviewAnswer: null }).label).toBe(
      'Completed: rejected',
    )
  })

  it('polls every 60 seconds', () => {
    expect(STATUS_POLL_MS).toBe(60_000)
    expect(kycVerificationMachine.implementations.delays.poll).toBe(60_000)
  })

  it('reads status reports and the expired-token error from the widget', () => {
    expect(
      widgetEventOf('idCheck.onApplicantStatusChanged', {
        reviewStatus: 'completed',
        reviewResult: { reviewAnswer: 'GREEN' },
        applicantId: 'a',
      }),
    ).toEqual({ type: 'widget.statusChanged', reviewStatus: 'completed', reviewAnswer: 'GREEN' })
    expect(widgetEventOf('idCheck.onError', { code: 'invalid-token' })).toEqual({
      type: 'widget.tokenExpired',
    })
    expect(widgetEventOf('idCheck.onError', { code: 'other' })).toBeNull()
    expect(widgetEventOf('idCheck.onApplicantStatusChanged', { reviewStatus: 'bogus' })).toBeNull()
    expect(widgetEventOf('idCheck.onResize', { height: 600 })).toBeNull()
  })
})
