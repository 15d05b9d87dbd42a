import { act, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  kybVerificationMachine,
  kycVerificationMachine,
  STATUS_POLL_MS,
  type VerificationMachine,
  type VerificationSnapshot,
} from '../../src/machines/verification/verification.machine'
import {
  buttonOf,
  type VerificationKind,
  type VerificationStatus,
} from '../../src/machines/verification/verification-status'
import { START_FAILURE } from '../../src/ui/account/verification-page'
import { tokens } from '../../src/flows/fixtures/verification'
import { createVerificationPathModel } from '../machines/verification-model'
import { runAllPaths, statesWithoutAssertion, type PathRunner } from '../support/model-paths'
import { renderSignedIn } from './home-support'
import { json, problem } from './support/fake-api'
import type { RenderedApp } from './support/render-app'

const titles: Record<VerificationKind, { card: string; check: string }> = {
  kyc: { card: 'Personal account (KYC)', check: 'Identity check (KYC)' },
  kyb: { card: 'Business account (KYB)', check: 'Business check (KYB)' },
}

const card = (kind: VerificationKind) =>
  within(screen.getByRole('region', { name: titles[kind].card }))
const button = (kind: VerificationKind) => card(kind).getByRole('button') as HTMLButtonElement
const frame = () => screen.queryByTitle('Verification (sandbox)') as HTMLIFrameElement | null

/** What the status endpoint answers for a status. */
function statusBody(kind: VerificationKind, status: VerificationStatus) {
  const result = status.reviewAnswer ? { reviewAnswer: status.reviewAnswer } : null
  return kind === 'kyc'
    ? { kycReviewStatus: status.reviewStatus, kycReviewResult: result }
    : { kybReviewStatus: status.reviewStatus, kybReviewResult: result }
}

/** The sandbox verification page posts to the page that frames it (the WebSDK's protocol). */
function framePosts(message: Record<string, unknown>) {
  act(() => {
    window.dispatchEvent(
      new MessageEvent('message', {
        data: { ...message, frameId: 'sandbox-websdk', sessionId: 'sbx-1' },
        origin: window.location.origin,
        source: frame()?.contentWindow ?? null,
      }),
    )
  })
}

/** Lets React, the router and the actors finish what the last step started, without moving time. */
async function settle(rounds = 5) {
  for (let i = 0; i < rounds; i++) {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0)
    })
  }
}

function useFakeClock() {
  beforeEach(() => {
    // Only the clock: React's scheduling and the fetch bodies keep their real queues.
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
    })
    // Testing Library recognises fake timers through a `jest` global and advances them itself.
    vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) })
  })
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.useRealTimers()
  })
}

interface Ctx {
  app: RenderedApp
  postMessage?: ReturnType<typeof vi.fn>
  /** Token requests the test has answered. */
  tokensAnswered: number
}

function verificationUiSuite(machine: VerificationMachine, kind: VerificationKind) {
  const other: VerificationKind = kind === 'kyc' ? 'kyb' : 'kyc'
  const STATUS = { method: 'GET', path: `/api/sumsub/${kind}-status` }
  const TOKEN = { method: 'POST', path: `/api/sumsub/${kind}` }

  describe(`${kind.toUpperCase()} verification through the page (docs/product/screens.md#verification-page, docs/product/flows.md#verification)`, () => {
    useFakeClock()
    const pm = createVerificationPathModel(machine)
    const snapshotOf = (app: RenderedApp) =>
      app.probe.actor(machine.id).getSnapshot() as VerificationSnapshot

    const runner: PathRunner<VerificationMachine, Ctx> = {
      async setup(inspect) {
        const app = await renderSignedIn('/app/verification', {
          machineId: machine.id,
          inspect,
          user: { advanceTimers: (ms) => vi.advanceTimersByTime(ms) },
          prepare: (api) => {
            api.hold(STATUS.method, STATUS.path).hold(TOKEN.method, TOKEN.path)
            api.on('GET', `/api/sumsub/${other}-status`, () =>
              json(200, statusBody(other, { reviewStatus: null, reviewAnswer: null })),
            )
          },
        })
        await settle()
        expect(screen.getByRole('heading', { name: 'Verification' })).toBeTruthy()
        return { app, tokensAnswered: 0 }
      },
      async event(ctx, event) {
        const { app } = ctx
        const e = event as { type: string; output?: unknown } & Partial<VerificationStatus>
        if (e.type === 'verification.start') await app.user.click(button(kind))
        else if (e.type === 'widget.exit')
          await app.user.click(screen.getByRole('button', { name: 'Exit' }))
        else if (e.type === 'xstate.done.actor.fetchStatus')
          await app.api.answer(
            STATUS.method,
            STATUS.path,
            json(200, statusBody(kind, e.output as VerificationStatus)),
          )
        else if (e.type === 'xstate.error.actor.fetchStatus')
          await app.api.answer(STATUS.method, STATUS.path, problem('OTHER_ERROR', 500))
        else if (e.type === 'xstate.done.actor.fetchToken') {
          ctx.tokensAnswered++
          await app.api.answer(TOKEN.method, TOKEN.path, json(200, { token: tokens.first }))
        } else if (e.type === 'xstate.done.actor.renewToken') {
          ctx.tokensAnswered++
          ctx.postMessage = vi.fn()
          const target = frame()?.contentWindow
          if (target) target.postMessage = ctx.postMessage as typeof target.postMessage
          await app.api.answer(TOKEN.method, TOKEN.path, json(200, { token: tokens.renewed }))
        } else if (e.type.startsWith('xstate.error.actor.')) {
          ctx.tokensAnswered++
          ctx.postMessage = vi.fn()
          const target = frame()?.contentWindow
          if (target) target.postMessage = ctx.postMessage as typeof target.postMessage
          await app.api.answer(TOKEN.method, TOKEN.path, problem('OTHER_ERROR', 503))
        } else if (e.type === 'widget.tokenExpired')
          framePosts({ method: 'idCheck.onError', code: 'invalid-token', error: 'Token expired' })
        else if (e.type === 'widget.statusChanged')
          framePosts({
            method: 'idCheck.onApplicantStatusChanged',
            reviewStatus: e.reviewStatus,
            ...(e.reviewAnswer ? { reviewResult: { reviewAnswer: e.reviewAnswer } } : {}),
          })
        else if (e.type.startsWith('xstate.after.poll')) {
          // The named delay: nothing is read before a full minute has passed.
          const reads = app.api.count(STATUS.method, STATUS.path)
          await act(async () => {
            await vi.advanceTimersByTimeAsync(STATUS_POLL_MS - 1)
          })
          expect(app.api.count(STATUS.method, STATUS.path)).toBe(reads)
          await act(async () => {
            await vi.advanceTimersByTimeAsync(1)
          })
        }
        await settle()
        // A renewed token is handed to the widget, not put into its address (no reload).
        if (e.type === 'xstate.done.actor.renewToken') {
          expect(ctx.postMessage).toHaveBeenCalledWith(
            { method: 'idCheck.updateAccessToken', accessToken: tokens.renewed },
            window.location.origin,
          )
        } else if (e.type === 'xstate.error.actor.renewToken') {
          expect(ctx.postMessage).toHaveBeenCalledWith(
            expect.objectContaining({ method: 'idCheck.updateAccessToken', accessToken: null }),
            window.location.origin,
          )
        }
      },
      snapshot: (ctx) => snapshotOf(ctx.app) as never,
      states: {
        status: (_ctx, s) => {
          const expected = buttonOf(s.context.status)
          expect(button(kind).textContent).toBe(expected.label)
          expect(button(kind).disabled).toBe(expected.disabled || s.hasTag('embedded'))
        },
        'status.loading': ({ app }) => {
          expect(app.api.held(STATUS.method, STATUS.path).length).toBeGreaterThan(0)
        },
        'status.waiting': () => {
          expect(vi.getTimerCount()).toBeGreaterThan(0)
        },
        widget: (_ctx, s) => {
          expect(screen.getByText(/if requested by a manager/)).toBeTruthy()
          // Exit shows exactly while a check is embedded.
          expect(screen.queryByRole('button', { name: 'Exit' }) !== null).toBe(s.hasTag('embedded'))
        },
        'widget.closed': () => {
          expect(screen.queryByRole('button', { name: 'Exit' })).toBeNull()
          expect(frame()).toBeNull()
          expect(card(kind).queryByRole('alert')).toBeNull()
        },
        'widget.fetchingToken': () => {
          const check = within(screen.getByRole('region', { name: titles[kind].check }))
          expect(check.getByRole('status').textContent).toBe('Preparing the check…')
          expect(check.getByRole('button', { name: 'Exit' })).toBeTruthy()
        },
        'widget.failed': () => {
          expect(card(kind).getByRole('alert').textContent).toBe(START_FAILURE)
          expect(frame()).toBeNull()
        },
        'widget.open': () => {
          expect(screen.getByRole('heading', { name: titles[kind].check })).toBeTruthy()
          // Sandbox mode: the local page, given the first token; renewals never reload it.
          expect(frame()?.getAttribute('src')).toBe(
            `/sandbox/sumsub/websdk?accessToken=${tokens.first}`,
          )
          expect(screen.getByRole('button', { name: 'Exit' })).toBeTruthy()
        },
        'widget.open.running': ({ app, tokensAnswered }) => {
          // Every token asked for has been answered: nothing is waiting on the server.
          expect(tokensAnswered).toBe(app.api.count(TOKEN.method, TOKEN.path))
          expect(frame()?.getAttribute('src')).toContain(tokens.first)
        },
        'widget.open.renewing': ({ app }) => {
          // The first token, then the renewal.
          expect(app.api.count(TOKEN.method, TOKEN.path)).toBeGreaterThanOrEqual(2)
        },
      },
      teardown: ({ app }) => {
        app.unmount()
      },
    }

    it('has an assertion for every state', () => {
      expect(statesWithoutAssertion(pm, runner.states)).toEqual([])
    })

    it('takes every state and transition through the page (60 s polls as the named delay)', async () => {
      const report = await runAllPaths(pm, runner, 'ui')
      expect(report.states.missing).toEqual([])
      expect(report.transitions.missing).toEqual([])
    }, 120_000)
  })
}

verificationUiSuite(kycVerificationMachine, 'kyc')
verificationUiSuite(kybVerificationMachine, 'kyb')
