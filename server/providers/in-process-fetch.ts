/**
 * A fetch that answers from a handler in this process instead of the network: the sandbox
 * providers are the live adapters talking to the local fakes through it, so the sandbox exercises
 * the same signing, paths and parsing as production.
 */

/** What the adapters need of fetch (the global fetch satisfies it). */
export type Fetch = (
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string; signal?: AbortSignal },
) => Promise<Response>

export interface FakeRequest {
  method: string
  /** Path and query exactly as on the wire (what a signature covers). */
  path: string
  /** Header names in lower case. */
  headers: Record<string, string>
  body: Buffer
}

export interface FakeResponse {
  status: number
  /** Serialised as JSON. */
  body: unknown
}

export type FakeHandler = (request: FakeRequest) => Promise<FakeResponse>

export function inProcessFetch(handler: FakeHandler): Fetch {
  return async (url, init) => {
    const parsed = new URL(url)
    init.signal?.throwIfAborted()
    const answer = await handler({
      method: init.method.toUpperCase(),
      path: parsed.pathname + parsed.search,
      headers: Object.fromEntries(
        Object.entries(init.headers).map(([name, value]) => [name.toLowerCase(), value]),
      ),
      body: Buffer.from(init.body ?? '', 'utf8'),
    })
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    })
  }
}

/** Reads a JSON answer; undefined when the body is not JSON. */
export async function readJson(response: Response): Promise<unknown> {
  const text = await response.text()
  try {
    return JSON.parse(text) as unknown
  } catch {
    return undefined
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
