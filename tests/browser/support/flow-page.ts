/**
 * The browser level of the path tests: the real app in Chromium against the real server, each
 * machine's state read from the app's own live inspector (src/flows/live-inspector.ts). An init
 * script listens on the flow viewer's BroadcastChannel as a viewer would and hands every actor
 * message to the test, which turns it back into a snapshot of the machine and records the states
 * and transitions it reports.
 */
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core'
import { expect } from 'vitest'
import type { AnyStateMachine } from 'xstate'
import type { LiveActor } from '../../../src/flows/live-inspector'
import { startAppServer, type AppServer } from '../../e2e/support/app-server'
import { launchChromium } from '../../e2e/support/chromium'
import type { CoverageRecorder, ModelPath, PathRunner, Snap } from '../../support/model-paths'

export interface BrowserLevel {
  server: AppServer
  browser: Browser
  url(path: string): string
  close(): Promise<void>
}

/**
 * One server and one Chromium for a test file; `hostName: 'localhost'` where passkeys are used (a
 * WebAuthn relying party is a host name, never an IP address).
 */
export async function startBrowserLevel(
  env: Record<string, string> = {},
  options: { hostName?: 'localhost' | '127.0.0.1' } = {},
): Promise<BrowserLevel> {
  const [server, chromium] = await Promise.all([startAppServer(env, options), launchChromium()])
  return {
    server,
    browser: chromium.browser,
    url: (path) => server.url + path,
    async close() {
      await chromium.close()
      await server.stop()
    },
  }
}

/**
 * Runs in the page before the app: answers the app's hello as the flow viewer does, so the app
 * shares every actor's state, and forwards those messages to the test. Frames (provider widgets)
 * run their own copy of the app's channel, never the test's.
 */
function listenAsViewer(): void {
  if (window.top !== window) return
  const channel = new BroadcastChannel('exchange-flow-viewer')
  const forward = (actor: unknown) => {
    ;(window as unknown as { __flowActor: (actor: unknown) => void }).__flowActor(actor)
  }
  channel.onmessage = (event: MessageEvent<{ kind: string; actor?: unknown }>) => {
    if (event.data.kind === 'app-hello') channel.postMessage({ kind: 'viewer-hello' })
    else if (event.data.kind === 'actor') forward(event.data.actor)
  }
  channel.postMessage({ kind: 'viewer-hello' })
}

export interface FlowPage<M extends AnyStateMachine> {
  context: BrowserContext
  page: Page
  /**
   * The machine's snapshot: its initial state until the path's first event, then the latest state
   * of the machine's running actor (a state it passes through on its own at start, like reading a
   * cookie, is seen as the path expects it).
   */
  snapshot(): Snap<M>
  /** Resolves once an actor of the machine has reported its state. */
  actorStarted(): Promise<void>
  /**
   * Follows the actor's latest state from now on, and returns a wait for the macrostep the next
   * event makes (every event an actor receives ends one, even one it ignores).
   */
  follow(): () => Promise<void>
  /** Every message of the machine's actors, in order (for assertions on what happened). */
  messages: LiveActor[]
}

/**
 * A fresh browser context and page whose actor messages for `machine` feed `recorder`. `prepare`
 * runs before the first navigation (cookies, routes, the clock).
 */
export async function openFlowPage<M extends AnyStateMachine>(
  level: BrowserLevel,
  machine: M,
  recorder: CoverageRecorder | undefined,
): Promise<FlowPage<M>> {
  const context = await level.browser.newContext({ viewport: { width: 1280, height: 900 } })
  // The third parties cannot load here (no internet): their scripts answer empty, locally.
  await context.route(
    /^https:\/\/(www\.googletagmanager\.com|calendly\.com|assets\.calendly\.com)\//,
    (route) => route.fulfill({ contentType: 'text/javascript', body: '' }),
  )
  // A page that never gets somewhere fails the path in seconds, not at the test's timeout.
  context.setDefaultTimeout(10_000)
  const page = await context.newPage()
  const messages: LiveActor[] = []
  let current: string | undefined
  let following = false
  let started: () => void = () => undefined
  const startedPromise = new Promise<void>((resolve) => (started = resolve))
  await page.exposeBinding('__flowActor', (_source, actor: LiveActor) => {
    if (actor.machineId !== machine.id) return
    messages.push(actor)
    if (actor.status === 'active') current = actor.actorId
    recorder?.recordTransitions(actor.transitions)
    recorder?.observe(snapshotOf(machine, actor))
    started()
  })
  await page.addInitScript(listenAsViewer)
  return {
    context,
    page,
    messages,
    actorStarted: () => within(startedPromise, `the ${machine.id} actor's first state`),
    follow() {
      const own = () => messages.filter((m) => m.actorId === current)
      const before = following ? (own().at(-1)?.step ?? 0) : 0
      following = true
      return () =>
        within(
          (async () => {
            while ((own().at(-1)?.step ?? 0) <= before) await new Promise((r) => setTimeout(r, 5))
          })(),
          `a macrostep of ${machine.id} after the event`,
        )
    },
    snapshot() {
      const own = messages.filter((m) => m.actorId === current)
      const actor = following ? own.at(-1) : own.find((m) => m.step === 0)
      if (!actor)
        throw new Error(
          `no ${machine.id} actor has reported its state${following ? '' : ' from its start'}`,
        )
      return snapshotOf(machine, actor)
    },
  }
}

/** What the page shows once it has caught up with its state (the screen renders after it). */
export function eventually<T>(read: () => T | Promise<T>) {
  return expect.poll(read, { timeout: 5_000 })
}

/** A wait the test names, so a page that never gets there fails with what it waited for. */
export async function within<T>(promise: Promise<T>, what: string, ms = 10_000): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(new Error(`${what}: not within ${String(ms)} ms`))
    }, ms)
  })
  try {
    return await Promise.race([promise, timeout])
  } finally {
    clearTimeout(timer)
  }
}

/**
 * Stops the page's clock (installed with `page.clock.install()` before the page loaded), a second
 * on from now so what the page started with (the splash) has run; from then on only the test moves
 * time, with `page.clock.runFor`.
 */
export async function pauseClock(page: Page): Promise<void> {
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000)
}

function snapshotOf<M extends AnyStateMachine>(machine: M, actor: LiveActor): Snap<M> {
  return machine.resolveState({
    value: actor.value as never,
    context: (actor.context ?? {}) as never,
  }) as Snap<M>
}

/**
 * A path runner over a flow page: `open` makes the page for one path (it may read the path to
 * arrange what exists before the app starts), `act` does what the event stands for. The page
 * follows the actor's latest state from the first event on.
 */
export function browserRunner<
  M extends AnyStateMachine,
  Ctx extends { flow: FlowPage<M> },
>(options: {
  open(run: { path: ModelPath<M>; recorder: CoverageRecorder } | undefined): Promise<Ctx>
  act: PathRunner<M, Ctx>['event']
  states: PathRunner<M, Ctx>['states']
  settleMs?: number
}): PathRunner<M, Ctx> {
  return {
    setup: (_inspect, run) => options.open(run),
    async event(ctx, event) {
      const stepped = ctx.flow.follow()
      await options.act(ctx, event)
      // An outcome settles in the app after the test let it go: the path waits until it did.
      await stepped()
    },
    snapshot: (ctx) => ctx.flow.snapshot(),
    states: options.states,
    settleMs: options.settleMs ?? 10_000,
    async teardown(ctx) {
      await ctx.flow.context.close()
    },
  }
}

/** The message under an input, read through its aria-describedby; null when it shows none. */
export async function describedText(input: Locator): Promise<string | null> {
  const id = await input.getAttribute('aria-describedby')
  if (!id) return null
  const note = input.page().locator(`[id="${id}"]`)
  return (await note.count()) > 0 ? await note.textContent() : null
}
