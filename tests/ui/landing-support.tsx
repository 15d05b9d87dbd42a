/**
 * Helpers for the landing's UI tests: a component inside a small memory router (the landing's
 * links need one), and a fake market-data API whose answers a test step decides.
 */
import { act, render } from '@testing-library/react'
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { createMarketClient, type MarketClient } from '../../src/api/market-client'
import type { CandlesAnswer } from '../../src/machines/converter/converter-rules'
import { DeferredQueue } from '../support/deferred'

/** Renders `ui` at / of a router that also knows the landing's targets (/app, /app/register). */
export async function renderInRouter(ui: () => ReactNode) {
  const rootRoute = createRootRoute({
    component: () => (
      <>
        {ui()}
        <Outlet />
      </>
    ),
  })
  const page = (path: string) =>
    createRoute({
      getParentRoute: () => rootRoute,
      path,
      component: () => <p data-testid="page">{path}</p>,
    })
  const router = createRouter({
    routeTree: rootRoute.addChildren([page('/'), page('/app'), page('/app/register')]),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  })
  const view = render(<RouterProvider router={router as never} />)
  await act(() => router.load())
  return { router, view }
}

export interface SeenCandleRequest {
  url: string
  body: { pair: string; fromISO: string; limit: number; dataType: string; resolution: string }
}

/** The market-data API as the converter sees it: every get_candles waits for the test. */
export class FakeMarket {
  readonly requests: SeenCandleRequest[] = []
  readonly answers = new DeferredQueue<Response>()

  readonly fetch = (async (input: Request | string | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init)
    this.requests.push({
      url: request.url,
      body: (await request.clone().json()) as SeenCandleRequest['body'],
    })
    return this.answers.next()
  }) as typeof fetch

  readonly client: MarketClient = createMarketClient({
    baseUrl: 'http://localhost:3000/sandbox/market',
    fetch: this.fetch,
  })

  /** Answers the newest request with this body (200). */
  answer(body: CandlesAnswer): void {
    this.answers.latest.resolve(
      new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } }),
    )
  }

  /** Fails the newest request as the network would. */
  fail(): void {
    this.answers.latest.reject(new TypeError('Failed to fetch'))
  }
}
