import { act, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { MainClient } from '../../src/api/main-client'
import {
  documentCookieJar,
  type DataLayerHost,
  type TagManagerApi,
} from '../../src/machines/consent/consent.actors'
import { consentMachine } from '../../src/machines/consent/consent.machine'
import ConsentControl, {
  createConsentActor,
  type ConsentActor,
} from '../../src/routes/-landing/consent-control'
import { deferred, type Deferred } from '../support/deferred'
import {
  createPathModel,
  plainEventsOf,
  runAllPaths,
  statesWithoutAssertion,
  type PathRunner,
} from '../support/model-paths'
import {
  CONSENT_DELAY_EVENT,
  consentCommands,
  DENIED,
  describeConsentEvent,
  GRANTED,
} from '../machines/consent-model'
import { consentEvents } from '../../src/flows/fixtures/consent'

interface Ctx {
  actor: ConsentActor
  doc: { cookie: string }
  unreadable: boolean
  started: boolean
  host: DataLayerHost
  tagManager: Deferred<TagManagerApi>
  loads: number
  initialised: { gtmId: string; at: number }[]
  unmount(): void
}

const banner = () => screen.queryByRole('region', { name: 'Cookies' })

describe('cookie banner through the UI (docs/product/screens.md#cookie-banner, docs/product/flows.md#cookie-banner, docs/product/limits.md#consent-cookie, docs/product/providers/gtm.md#consent-mode-v2)', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  const pm = createPathModel(consentMachine, {
    events: [
      ...consentEvents,
      ...plainEventsOf(consentMachine).filter((e) => e.type === CONSENT_DELAY_EVENT),
    ],
    serializeEvent: describeConsentEvent,
  })

  const nothingLoaded = (ctx: Ctx) => {
    expect(ctx.loads).toBe(0)
    expect(ctx.initialised).toEqual([])
    expect(consentCommands(ctx.host, 'update')).toEqual([])
  }

  const runner: PathRunner<typeof consentMachine, Ctx> = {
    setup(inspect) {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
      const ctx = {
        doc: { cookie: '' },
        unreadable: false,
        started: false,
        host: {} as DataLayerHost,
        tagManager: deferred<TagManagerApi>(),
        loads: 0,
        initialised: [] as Ctx['initialised'],
        unmount: () => undefined,
      } as Omit<Ctx, 'actor'> & { actor?: ConsentActor }
      const jar = documentCookieJar(ctx.doc, false)
      const actor = createConsentActor(
        {
          cookies: {
            // Where cookies cannot be read (a sandboxed frame), reading throws.
            read: (name) => {
              if (ctx.unreadable) throw new DOMException('no cookies here', 'SecurityError')
              return jar.read(name)
            },
            write: (name, value, days) => {
              jar.write(name, value, days)
            },
          },
          host: ctx.host,
          containerId: () => Promise.resolve('GTM-TEST1'),
          loadTagManager: () => {
            ctx.loads++
            return ctx.tagManager.promise
          },
        },
        inspect,
      )
      // The page is there before the consent is read: the actor starts with the first step.
      const view = render(<ConsentControl api={{} as MainClient} actor={actor} />)
      ctx.actor = actor
      ctx.unmount = () => {
        view.unmount()
      }
      return ctx as Ctx
    },
    async event(ctx, event) {
      const e = event as { type: string; output?: unknown }
      if (
        e.type === 'xstate.done.actor.readConsent' ||
        e.type === 'xstate.error.actor.readConsent'
      ) {
        if (e.type === 'xstate.error.actor.readConsent') ctx.unreadable = true
        else if (typeof e.output === 'string') ctx.doc.cookie = `ConsentCookie=${e.output}`
        act(() => {
          ctx.actor.start()
        })
        ctx.started = true
      } else if (e.type === 'consent.accept') {
        fireEvent.click(screen.getByRole('button', { name: 'Enable All' }))
      } else if (e.type === 'consent.reject') {
        fireEvent.click(screen.getByRole('button', { name: 'Reject Optional' }))
      } else if (e.type === 'xstate.done.actor.initTagManager') {
        ctx.tagManager.resolve({
          initialize: ({ gtmId }) => {
            ctx.initialised.push({ gtmId, at: Date.now() })
            ctx.host.dataLayer?.push({ 'gtm.start': Date.now(), event: 'gtm.js' })
          },
        })
      } else if (e.type === 'xstate.error.actor.initTagManager') {
        ctx.tagManager.reject(new Error('the chunk did not load'))
      } else if (e.type === CONSENT_DELAY_EVENT) {
        await act(() => vi.advanceTimersByTimeAsync(499))
        expect(consentCommands(ctx.host, 'update')).toEqual([])
        await act(() => vi.advanceTimersByTimeAsync(1))
      }
      await act(() => vi.advanceTimersByTimeAsync(0))
    },
    snapshot: (ctx) => ctx.actor.getSnapshot(),
    states: {
      checking: (ctx) => {
        expect(banner()).toBeNull()
        // Nothing is pushed before the actor runs; then consent is denied first of all.
        expect(consentCommands(ctx.host, 'default')).toEqual(ctx.started ? [DENIED] : [])
        nothingLoaded(ctx)
      },
      asking: (ctx) => {
        const shown = banner()
        expect(shown?.textContent).toContain('optional analytics cookies')
        expect(screen.getByRole('button', { name: 'Enable All' })).toBeTruthy()
        expect(screen.getByRole('button', { name: 'Reject Optional' })).toBeTruthy()
        expect(screen.getByRole('link', { name: 'Privacy policy' }).getAttribute('href')).toBe(
          '/docs/privacy-policy.pdf',
        )
        expect(ctx.doc.cookie).toBe('')
        nothingLoaded(ctx)
      },
      accepted: (ctx) => {
        expect(banner()).toBeNull()
        expect(ctx.doc.cookie).toMatch(/^ConsentCookie=true(;|$)/)
        expect(consentCommands(ctx.host, 'default')).toEqual([DENIED])
      },
      'accepted.initialising': (ctx) => {
        expect(ctx.initialised).toEqual([])
      },
      'accepted.granting': (ctx) => {
        expect(ctx.initialised.map((i) => i.gtmId)).toEqual(['GTM-TEST1'])
        expect(consentCommands(ctx.host, 'update')).toEqual([])
      },
      'accepted.granted': (ctx) => {
        expect(consentCommands(ctx.host, 'update')).toEqual([GRANTED])
        // 500 ms after the container was initialised (the test's clock moved only that much).
        expect(
          ctx.host.dataLayer?.map(
            (entry) =>
              Array.from(entry as ArrayLike<unknown>)[1] ?? (entry as { event?: string }).event,
          ),
        ).toEqual(['default', 'gtm.js', 'update'])
      },
      'accepted.unavailable': (ctx) => {
        expect(ctx.initialised).toEqual([])
        expect(consentCommands(ctx.host, 'update')).toEqual([])
      },
      rejected: (ctx) => {
        expect(banner()).toBeNull()
        if (!ctx.unreadable && ctx.doc.cookie !== 'ConsentCookie=false')
          expect(ctx.doc.cookie).toMatch(
            /^ConsentCookie=false; expires=.*; max-age=12960000; path=\/; SameSite=Lax$/,
          )
        nothingLoaded(ctx)
      },
    },
    teardown: (ctx) => {
      ctx.unmount()
      ctx.actor.stop()
      vi.useRealTimers()
    },
  }

  it('has an assertion for every state', () => {
    expect(statesWithoutAssertion(pm, runner.states)).toEqual([])
  })

  it('takes every state and transition on generated paths through the banner', async () => {
    const report = await runAllPaths(pm, runner, 'ui')
    expect(report.states.missing).toEqual([])
    expect(report.transitions.missing).toEqual([])
  })

  it('grants consent 500 ms after the tag manager initialised, not before', async () => {
    const ctx = runner.setup(() => undefined) as Ctx
    await runner.event(ctx, { type: 'xstate.done.actor.readConsent', output: null })
    fireEvent.click(screen.getByRole('button', { name: 'Enable All' }))
    await runner.event(ctx, { type: 'xstate.done.actor.initTagManager', output: 'GTM-TEST1' })
    const initialisedAt = ctx.initialised[0]?.at ?? Number.NaN
    await act(() => vi.advanceTimersByTimeAsync(499))
    expect(consentCommands(ctx.host, 'update')).toEqual([])
    await act(() => vi.advanceTimersByTimeAsync(1))
    expect(consentCommands(ctx.host, 'update')).toEqual([GRANTED])
    expect(Date.now() - initialisedAt).toBe(500)
    await runner.teardown?.(ctx)
  })
})
