/**
 * What the auth machine's browser paths need beside the page: the server's view of an access token,
 * and another tab of the same browser, which shares the stored session but not the test's viewer.
 */
import type { BrowserContext, Page } from 'playwright-core'
import { within, type BrowserLevel } from './flow-page'

/** An API request the page made, as the test reads it back. */
export interface ApiRequest {
  path: string
  method: string
  authorization: string | null
  body: string | null
  /** The answer's status, once it came (null for a request that got none). */
  status(): Promise<number | null>
}

/** Resolves once the server refuses `token` (its lifetime is over), asking as the page would. */
export async function accessTokenExpired(level: BrowserLevel, token: string | null): Promise<void> {
  if (!token) throw new Error('there is no access token to wait for')
  await within(
    (async () => {
      for (;;) {
        const answer = await fetch(level.url('/api/users/profile'), {
          headers: { authorization: `Bearer ${token}` },
        })
        if (answer.status === 401) return
        if (answer.status !== 200)
          throw new Error(`the profile answered ${String(answer.status)} to a live token`)
        await new Promise((r) => setTimeout(r, 250))
      }
    })(),
    'the access token to expire',
    15_000,
  )
}

/** The session (`sid`) an access token belongs to, read from its payload. */
export function sessionIdOf(token: string | null): string {
  const payload = token?.split('.')[1]
  if (!payload) throw new Error('there is no access token to read the session from')
  const { sid } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
    sid?: unknown
  }
  if (typeof sid !== 'string') throw new Error('the access token names no session')
  return sid
}

/**
 * Another tab of the browser at `url`. Its app would answer the test's viewer on the shared
 * channel and report its own auth actor as this tab's; its channel is renamed so it never hears
 * the viewer, as a tab does when no flow viewer is open.
 */
export async function openOtherTab(context: BrowserContext, url: string): Promise<Page> {
  const tab = await context.newPage()
  await tab.addInitScript(() => {
    const Channel = window.BroadcastChannel
    window.BroadcastChannel = class extends Channel {
      constructor(name: string) {
        super(name === 'exchange-flow-viewer' ? 'exchange-flow-viewer-muted' : name)
      }
    }
  })
  await tab.goto(url)
  return tab
}
