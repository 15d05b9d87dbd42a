import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, type Actor, type InspectionEvent } from 'xstate'
import {
  createConsentImplementations,
  documentCookieJar,
  type CookieJar,
  type DataLayerHost,
  type TagManagerApi,
} from '../../src/machines/consent/consent.actors'
import { consentMachine } from '../../src/machines/consent/consent.machine'
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
} from './consent-model'
import { consentEvents } from '../../src/flows/fixtures/consent'

interface Ctx {
  actor: Actor<typeof consentMachine>
  host: DataLayerHost
  jar: CookieJar
  /** The raw cookie text the jar wrote. */
  doc: { cookie: string }
  stored: Deferred<string | null>
  tagManager: Deferred<TagManagerApi>
  loads: number
  /** When react-gtm-module initialised which container (fake clock). */
  initialised: { gtmId: string; at: number }[]
  /** When the consent update arrived in the dataLayer (fake clock). */
  updatedAt: number[]
}

function setupConsent(options: { inspect?: (event: InspectionEvent) => void } = {}) {
  const host: DataLayerHost = {}
  const doc = { cookie: '' }
  const jar = documentCookieJar(doc, false)
  const stored = deferred<string | null>()
  const tagManager = deferred<TagManagerApi>()
  const ctx: Omit<Ctx, 'actor'> = {
    host,
    jar,
    doc,
    stored,
    tagManager,
    loads: 0,
    initialised: [],
    updatedAt: [],
  }
  const real = createConsentImplementations({
    cookies: jar,
    host,
    containerId: () => Promise.resolve('GTM-TEST1'),
    loadTagManager: () => {
      ctx.loads++
      return tagManager.promise
    },
  })
  const actor = createActor(
    consentMachine.provide({
      actors: {
        ...real.actors,
        readConsent: fromPromise(() => stored.promise),
      },
      actions: {
        ...real.actions,
        grantConsent: () => {
          real.actions.grantConsent()
          ctx.updatedAt.push(Date.now())
        },
      },
    }),
    options,
  )
  // One object: the fakes above update it as the actor runs.
  return Object.assign(ctx, { actor })
}

const fakeTagManager = (ctx: Omit<Ctx, 'actor'>): TagManagerApi => ({
  initialize: ({ gtmId }) => {
    ctx.initialised.push({ gtmId, at: Date.now() })
    ctx.host.dataLayer?.push({ 'gtm.start': Date.now(), event: 'gtm.js' })
  },
})

describe('consent machine (docs/product/flows.md#cookie-banner, docs/product/limits.md#consent-cookie, docs/product/providers/gtm.md#consent-mode-v2)', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
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
      const ctx = setupConsent({ inspect })
      ctx.actor.start()
      return ctx
    },
    async event(ctx, event) {
      const e = event as { type: string; output?: unknown }
      if (e.type === 'xstate.done.actor.readConsent') ctx.stored.resolve(e.output as string | null)
      else if (e.type === 'xstate.error.actor.readConsent')
        ctx.stored.reject(new Error('no cookies'))
      else if (e.type === 'xstate.done.actor.initTagManager')
        ctx.tagManager.resolve(fakeTagManager(ctx))
      else if (e.type === 'xstate.error.actor.initTagManager')
        ctx.tagManager.reject(new Error('chunk failed'))
      else if (e.type === CONSENT_DELAY_EVENT) {
        await vi.advanceTimersByTimeAsync(499)
        expect(consentCommands(ctx.host, 'update')).toEqual([])
        await vi.advanceTimersByTimeAsync(1)
      } else ctx.actor.send(event as never)
      await vi.advanceTimersByTimeAsync(0)
    },
    snapshot: (ctx) => ctx.actor.getSnapshot(),
    states: {
      checking: (ctx) => {
        // Consent mode's default comes before anything else, denied.
        expect(consentCommands(ctx.host, 'default')).toEqual([DENIED])
        expect(Array.from(ctx.host.dataLayer?.[0] as ArrayLike<unknown>)).toEqual([
          'consent',
          'default',
          DENIED,
        ])
        expect(ctx.doc.cookie).toBe('')
        nothingLoaded(ctx)
      },
      asking: (ctx, s) => {
        expect(ctx.jar.read('ConsentCookie')).toBeNull()
        expect(s.can({ type: 'consent.accept' })).toBe(true)
        expect(s.can({ type: 'consent.reject' })).toBe(true)
        nothingLoaded(ctx)
      },
      accepted: (ctx, s) => {
        expect(s.can({ type: 'consent.accept' })).toBe(false)
        expect(consentCommands(ctx.host, 'default')).toEqual([DENIED])
        if (ctx.doc.cookie) {
          expect(ctx.jar.read('ConsentCookie')).toBe('true')
          expect(ctx.doc.cookie).toContain('max-age=12960000')
        }
      },
      'accepted.initialising': (ctx) => {
        expect(ctx.initialised).toEqual([])
        expect(consentCommands(ctx.host, 'update')).toEqual([])
      },
      'accepted.granting': (ctx) => {
        expect(ctx.initialised.map((i) => i.gtmId)).toEqual(['GTM-TEST1'])
        expect(consentCommands(ctx.host, 'update')).toEqual([])
      },
      'accepted.granted': (ctx) => {
        expect(consentCommands(ctx.host, 'update')).toEqual([GRANTED])
        expect((ctx.updatedAt[0] ?? 0) - (ctx.initialised[0]?.at ?? 0)).toBe(500)
        // default, then GTM's own start, then the update.
        const layer = ctx.host.dataLayer ?? []
        expect(layer).toHaveLength(3)
        expect(layer[1]).toMatchObject({ event: 'gtm.js' })
      },
      'accepted.unavailable': (ctx) => {
        expect(ctx.initialised).toEqual([])
        expect(consentCommands(ctx.host, 'update')).toEqual([])
      },
      rejected: (ctx, s) => {
        expect(s.status).toBe('done')
        expect(ctx.jar.read('ConsentCookie')).not.toBe('true')
        if (ctx.doc.cookie) {
          expect(ctx.jar.read('ConsentCookie')).toBe('false')
          expect(ctx.doc.cookie).toContain('max-age=12960000')
        }
        nothingLoaded(ctx)
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

  it('stores ConsentCookie for 150 days, and reads it back', () => {
    vi.setSystemTime(new Date('2025-03-05T12:00:00Z'))
    const doc = { cookie: '' }
    const jar = documentCookieJar(doc, true)
    jar.write('ConsentCookie', 'true', 150)
    expect(doc.cookie).toBe(
      'ConsentCookie=true; expires=Sat, 02 Aug 2025 12:00:00 GMT; max-age=12960000; path=/; SameSite=Lax; Secure',
    )
    expect(
      documentCookieJar({ cookie: 'a=1; ConsentCookie=false; b=2' }, false).read('ConsentCookie'),
    ).toBe('false')
    expect(
      documentCookieJar({ cookie: 'XConsentCookie=true' }, false).read('ConsentCookie'),
    ).toBeNull()
  })

  it('starts no tag manager when no container is configured', async () => {
    const host: DataLayerHost = {}
    let loads = 0
    const real = createConsentImplementations({
      cookies: documentCookieJar({ cookie: 'ConsentCookie=true' }, false),
      host,
      containerId: () => Promise.resolve(''),
      loadTagManager: () => {
        loads++
        return Promise.resolve({ initialize: () => undefined })
      },
    })
    const actor = createActor(consentMachine.provide(real)).start()
    await vi.advanceTimersByTimeAsync(1000)
    expect(actor.getSnapshot().matches({ accepted: 'unavailable' })).toBe(true)
    expect(loads).toBe(0)
    expect(consentCommands(host, 'update')).toEqual([])
  })

  it('reads a stored acceptance and grants 500 ms after initialising, with the real reader', async () => {
    const host: DataLayerHost = {}
    const initialised: number[] = []
    const real = createConsentImplementations({
      cookies: documentCookieJar({ cookie: 'ConsentCookie=true' }, false),
      host,
      containerId: () => Promise.resolve('GTM-ABC'),
      loadTagManager: () =>
        Promise.resolve({ initialize: () => void initialised.push(Date.now()) }),
    })
    const actor = createActor(consentMachine.provide(real)).start()
    await vi.advanceTimersByTimeAsync(0)
    expect(initialised).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(499)
    expect(consentCommands(host, 'update')).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    expect(consentCommands(host, 'update')).toEqual([GRANTED])
    expect(actor.getSnapshot().matches({ accepted: 'granted' })).toBe(true)
  })
})
