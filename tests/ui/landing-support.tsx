/**
 * Helpers for the landing's UI tests: a component inside a small memory router (the landing's
 * links need one), and a fake market-data API whose answers a test step decides.
 */
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router'
import { StrictMode, type ReactNode } from 'react'
import { vi } from 'vitest'
import { createMarketClient, type MarketClient } from '../../src/api/market-client'
import { createAppServices } from '../../src/app-services'
import { candles } from '../../src/flows/fixtures/converter'
import { loadI18n } from '../../src/i18n/catalogs'
import { LandingDocument } from '../../src/landing-document'
import { MemoryStorage } from '../../src/memory-storage'
import type { CandlesAnswer } from '../../domain/exchange-rules'
import type { Locale } from '../../domain/locale'
import { DeferredQueue } from '../support/deferred'
import { abortable, BASE_URL, FakeApi } from './support/fake-api'

/** The converter's market-data calls (the same origin's sandbox) answered with one rate. */
export function stubMarketAnswers(rate = '50000'): void {
  vi.stubGlobal(
    'fetch',
    vi.fn(() =>
      Promise.resolve(
        new Response(JSON.stringify(candles(rate)), {
          headers: { 'content-type': 'application/json' },
        }),
      ),
    ),
  )
}

/** The landing's services, as src/landing-main.tsx makes them, against a fake main API. */
export function landingServices() {
  const api = new FakeApi()
  const services = createAppServices(
    {
      storage: new MemoryStorage(),
      storageEvents: window,
      fetch: api.fetch,
      baseUrl: BASE_URL,
      delays: { splash: 0 },
    },
    { goToHome: () => undefined, goToLogin: () => undefined, reloadPage: () => undefined },
  )
  services.auth.start()
  return services
}

/**
 * The landing's own document at / or /pl, as src/landing-main.tsx renders it, once its heading
 * shows; with `belowFold`, once the sections below the fold (loaded on scrolling) show too.
 */
export async function openLandingDocument(locale: Locale, options: { belowFold?: boolean } = {}) {
  const services = landingServices()
  const i18n = await loadI18n(locale, 'landing')
  const view = render(
    <StrictMode>
      <LandingDocument services={services} i18n={i18n} />
    </StrictMode>,
  )
  await screen.findByRole('heading', { level: 1 }, { timeout: 3000 })
  if (options.belowFold)
    await waitFor(
      () => {
        fireEvent.scroll(window)
        if (!screen.queryByRole('contentinfo')) throw new Error('below the fold not shown yet')
      },
      { timeout: 3000, interval: 20 },
    )
  return {
    view,
    unmount: () => {
      view.unmount()
      services.auth.stop()
    },
  }
}

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

/** What the sandbox answers to get_currencies_info, get_pairs_info and get_trade_history. */
export const SANDBOX_FACT_ANSWERS: Record<string, unknown> = {
  get_currencies_info: {
    ok: 'ok',
    data: [
      { currency: 'EUR', fiat: true, precision: '2', walletPrecision: '2' },
      { currency: 'BTC', fiat: false, precision: '8', walletPrecision: '6' },
    ],
  },
  get_pairs_info: {
    ok: 'ok',
    data: [{ base: 'BTC', quote: 'USD', basePrecision: '8', quotePrecision: '2' }],
  },
  get_trade_history: {
    ok: 'ok',
    data: {
      pageSize: '2',
      trades: [{ price: '84123.4', amount: '0.0012', dateISO: '2025-03-05T10:00:00.000Z' }],
    },
  },
}

const jsonResponse = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } })

/**
 * The market-data API as the converter sees it: every get_candles waits for the test, and so do
 * the three calls for the market facts (answered or failed together).
 */
export class FakeMarket {
  readonly requests: SeenCandleRequest[] = []
  readonly answers = new DeferredQueue<Response>()
  readonly factRequests: { method: string; body: unknown }[] = []
  readonly factAnswers = new DeferredQueue<Response>()

  readonly fetch = (async (input: Request | string | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init)
    // Cancelled before it was sent: the market never sees it.
    if (request.signal.aborted) return abortable(request.signal, new Promise(() => undefined))
    const method = new URL(request.url).pathname.split('/').at(-1) ?? ''
    if (method !== 'get_candles') {
      this.factRequests.push({ method, body: await request.clone().json() })
      return abortable(
        request.signal,
        this.factAnswers
          .next()
          .then((all) => (all.status === 200 ? jsonResponse(SANDBOX_FACT_ANSWERS[method]) : all)),
      )
    }
    this.requests.push({
      url: request.url,
      body: (await request.clone().json()) as SeenCandleRequest['body'],
    })
    return abortable(request.signal, this.answers.next())
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

  /** Answers the three market-fact calls as the sandbox does. */
  answerFacts(): void {
    for (const d of this.factAnswers.all) d.resolve(jsonResponse({ ok: 'ok' }))
  }

  /** Fails the three market-fact calls as the network would. */
  failFacts(): void {
    for (const d of this.factAnswers.all) d.reject(new TypeError('Failed to fetch'))
  }
}
