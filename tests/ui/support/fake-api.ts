import type { components } from '../../../openapi/main.gen'
import { deferred, type Deferred } from '../../support/deferred'
import { noFactors, thisSession } from '../../../src/flows/fixtures/security'

export const BASE_URL = 'http://localhost'

export interface SeenRequest {
  method: string
  path: string
  search: string
  authorization: string | null
  body: unknown
}

type Handler = (request: Request, seen: SeenRequest) => Response | Promise<Response>

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': status < 400 ? 'application/json' : 'application/problem+json' },
  })

const statusOfErrorType: Record<string, number> = {
  VALIDATION_ERROR: 400,
  INVALID_CREDENTIALS: 401,
  EMAIL_NOT_VERIFIED: 403,
  INVALID_TOKEN: 400,
  RATE_LIMITED: 429,
  OTHER_ERROR: 500,
}

/** A problem+json answer with the contract's `errorType` (and its usual status). */
export function problem(errorType: string, status = statusOfErrorType[errorType] ?? 500) {
  return json(status, { type: 'about:blank', title: 'Error', status, errorType })
}

export const publicConfig: components['schemas']['ClientConfig'] = {
  providers: 'sandbox',
  marketBaseUrl: '/sandbox/market',
  supportUrl: 'https://support.example.com/',
  schedulingUrl: 'https://calendly.com/example/30min',
  contactEmail: 'hello@example.com',
  licenceNumber: 'RDWW-000',
  address: 'Warsaw',
  socialLinks: [],
  gtmContainerId: '',
  flowsViewer: false,
}

export const profileOf = (email: string, firstName = '') => ({
  firstName,
  lastName: '',
  email,
  phone: '',
  country: '',
})

/**
 * The main API as the UI tests see it: answers by method and path, records every request, and
 * can hold a route's answers until a test step decides them.
 */
export class FakeApi {
  readonly requests: SeenRequest[] = []
  private readonly handlers = new Map<string, Handler>()
  private readonly holds = new Map<string, Deferred<Response>[]>()
  /** Access tokens every protected call refuses with 401 (expired). */
  readonly expiredTokens = new Set<string>()

  constructor() {
    this.on('GET', '/api/config', () => json(200, publicConfig))
    this.on('GET', '/api/users/profile', (request) => {
      const token = request.headers.get('authorization')?.replace(/^Bearer /, '') ?? ''
      if (!token || this.expiredTokens.has(token)) return problem('INVALID_TOKEN', 401)
      return json(200, profileOf('ann@example.com', 'Ann'))
    })
    // The profile's Security section: no second factor and only this session, unless a test says.
    this.on('GET', '/api/account/security', () => json(200, noFactors))
    this.on('GET', '/api/account/sessions', () => json(200, { sessions: [thisSession] }))
  }

  on(method: string, path: string, handler: Handler): this {
    this.handlers.set(`${method} ${path}`, handler)
    return this
  }

  /** From now on, answers to this route wait until the test settles them (newest last). */
  hold(method: string, path: string): this {
    this.holds.set(`${method} ${path}`, [])
    return this
  }

  /** The held answers of a route, oldest first. */
  held(method: string, path: string): Deferred<Response>[] {
    const list = this.holds.get(`${method} ${path}`)
    if (!list) throw new Error(`${method} ${path} is not held`)
    return list
  }

  /** Settles the newest held answer of a route. */
  async answer(method: string, path: string, response: Response): Promise<void> {
    const list = this.held(method, path)
    const start = Date.now()
    while (list.length === 0 && Date.now() - start < 2000)
      await new Promise((r) => setTimeout(r, 5))
    const latest = list.at(-1)
    if (!latest) throw new Error(`no ${method} ${path} request is waiting for an answer`)
    latest.resolve(response)
  }

  count(method: string, path: string): number {
    return this.requests.filter((r) => r.method === method && r.path === path).length
  }

  last(method: string, path: string): SeenRequest | undefined {
    return this.requests.filter((r) => r.method === method && r.path === path).at(-1)
  }

  readonly fetch = (async (input: Request | string | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init)
    // Cancelled before it was sent: the server never sees it.
    if (request.signal.aborted) return abortable(request.signal, new Promise(() => undefined))
    const url = new URL(request.url)
    const text =
      request.method === 'GET' || request.method === 'HEAD' ? '' : await request.clone().text()
    const seen: SeenRequest = {
      method: request.method,
      path: url.pathname,
      search: url.search,
      authorization: request.headers.get('authorization'),
      body: text ? (JSON.parse(text) as unknown) : undefined,
    }
    this.requests.push(seen)
    const key = `${request.method} ${url.pathname}`
    const holds = this.holds.get(key)
    if (holds) {
      const answer = deferred<Response>()
      holds.push(answer)
      return abortable(request.signal, answer.promise)
    }
    const bearer = seen.authorization?.replace(/^Bearer /, '') ?? ''
    if (this.expiredTokens.has(bearer) && !url.pathname.startsWith('/api/auth/'))
      return problem('INVALID_TOKEN', 401)
    const handler = this.handlers.get(key)
    if (!handler) return json(404, { type: 'about:blank', title: 'Not Found', status: 404 })
    return abortable(request.signal, Promise.resolve(handler(request, seen)))
  }) as typeof fetch
}

/**
 * What the real fetch does with its signal: an aborted request rejects with the signal's reason
 * (an AbortError), at once when it was aborted before it was sent, else when it is aborted
 * while the answer is still on its way.
 */
export function abortable(signal: AbortSignal, answer: Promise<Response>): Promise<Response> {
  if (signal.aborted) return Promise.reject(abortReason(signal))
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      reject(abortReason(signal))
    }
    signal.addEventListener('abort', onAbort, { once: true })
    answer.then(resolve, reject).finally(() => {
      signal.removeEventListener('abort', onAbort)
    })
  })
}

function abortReason(signal: AbortSignal): Error {
  const reason: unknown = signal.reason
  return reason instanceof Error
    ? reason
    : new DOMException('This operation was aborted', 'AbortError')
}
