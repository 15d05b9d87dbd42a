import { act, render } from '@testing-library/react'
import userEvent, { type Options as UserEventOptions } from '@testing-library/user-event'
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router'
import { StrictMode } from 'react'
import type { AnyActorRef, InspectionEvent } from 'xstate'
import { createApp, type AppOptions } from '../../../src/create-app'
import { BASE_URL, FakeApi } from './fake-api'

/**
 * Finds the actors the app creates (by machine id) and forwards one machine's inspection events
 * to a coverage recorder, so a UI path test measures the machine it drives and no other.
 */
export class ActorProbe {
  private readonly latest = new Map<string, AnyActorRef>()
  private forward: { machineId: string; inspect: (event: InspectionEvent) => void } | undefined

  readonly inspect = (event: InspectionEvent): void => {
    const machineId = machineIdOf(event.actorRef)
    // A started actor reports snapshots; an actor React created and dropped never does.
    if (machineId && (event.type === '@xstate.snapshot' || event.type === '@xstate.microstep')) {
      this.latest.set(machineId, event.actorRef as AnyActorRef)
    }
    if (this.forward && machineId === this.forward.machineId) this.forward.inspect(event)
  }

  record(machineId: string, inspect: (event: InspectionEvent) => void): void {
    this.forward = { machineId, inspect }
  }

  actor(machineId: string): AnyActorRef {
    const actor = this.latest.get(machineId)
    if (!actor) throw new Error(`no ${machineId} actor has started`)
    return actor
  }

  has(machineId: string): boolean {
    return this.latest.has(machineId)
  }
}

function machineIdOf(actorRef: unknown): string | undefined {
  const logic = (actorRef as { logic?: { id?: unknown; config?: unknown } }).logic
  return logic && 'config' in logic && typeof logic.id === 'string' ? logic.id : undefined
}

export interface RenderAppOptions {
  api?: FakeApi
  probe?: ActorProbe
  splashMs?: number
  authActors?: AppOptions['authActors']
  authClock?: AppOptions['authClock']
  webauthn?: AppOptions['webauthn']
  user?: UserEventOptions
}

/** The whole application at `path`, as main.tsx renders it (StrictMode), on a fake API. */
export async function renderApp(path: string, options: RenderAppOptions = {}) {
  const api = options.api ?? new FakeApi()
  const probe = options.probe ?? new ActorProbe()
  /** Where each full page load (the logout's reload) went. */
  const reloads: string[] = []
  const app = createApp({
    storage: window.localStorage,
    storageEvents: window,
    reloadPage: (href) => {
      reloads.push(href)
    },
    history: createMemoryHistory({ initialEntries: [path] }),
    fetch: api.fetch,
    baseUrl: BASE_URL,
    inspect: probe.inspect,
    delays: { splash: options.splashMs ?? 0 },
    ...(options.authActors ? { authActors: options.authActors } : {}),
    ...(options.authClock ? { authClock: options.authClock } : {}),
    ...(options.webauthn ? { webauthn: options.webauthn } : {}),
  })
  const user = userEvent.setup(options.user)
  const view = render(
    <StrictMode>
      <RouterProvider router={app.router} />
    </StrictMode>,
  )
  // Let the router's first load (started by RouterProvider) and the session restore run.
  await act(() => Promise.resolve())
  return {
    ...app,
    api,
    probe,
    reloads,
    user,
    view,
    pathname: () => app.router.state.location.pathname,
    unmount: () => {
      view.unmount()
      app.auth.stop()
      app.splash.stop()
    },
  }
}

export type RenderedApp = Awaited<ReturnType<typeof renderApp>>
