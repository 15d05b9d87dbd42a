import { fromAbortablePromise } from '../abortable-promise'
import {
  CONSENT_COOKIE,
  CONSENT_COOKIE_DAYS,
  type ConsentValue,
  type consentMachine,
} from './consent.machine'

/**
 * The part of react-gtm-module the consent flow uses
 * (docs/product/providers/gtm.md#react-gtm-module).
 */
export interface TagManagerApi {
  initialize(args: { gtmId: string }): void
}

/** Where the dataLayer lives: the window, in the browser. */
export interface DataLayerHost {
  dataLayer?: unknown[]
}

export interface CookieJar {
  read(name: string): string | null
  write(name: string, value: string, days: number): void
}

/** A cookie jar over `document.cookie` (SameSite=Lax, Secure on https). */
export function documentCookieJar(doc: { cookie: string }, secure: boolean): CookieJar {
  return {
    read(name) {
      for (const part of doc.cookie.split(';')) {
        const at = part.indexOf('=')
        if (at < 0) continue
        if (part.slice(0, at).trim() === name) return decodeURIComponent(part.slice(at + 1).trim())
      }
      return null
    },
    write(name, value, days) {
      const expires = new Date(Date.now() + days * 86_400_000).toUTCString()
      doc.cookie =
        `${name}=${encodeURIComponent(value)}; expires=${expires}; max-age=${String(days * 86_400)}; path=/; SameSite=Lax` +
        (secure ? '; Secure' : '')
    },
  }
}

/** Consent mode v2 signals (docs/product/providers/gtm.md#consent-signals). */
const SIGNALS = ['ad_storage', 'ad_user_data', 'ad_personalization', 'analytics_storage'] as const
const signals = (value: 'granted' | 'denied') =>
  Object.fromEntries(SIGNALS.map((name) => [name, value])) as Record<
    (typeof SIGNALS)[number],
    'granted' | 'denied'
  >

/**
 * The default waits this long for the banner's update
 * (docs/product/providers/gtm.md#wait_for_update, docs/product/limits.md#consent-cookie).
 */
export const CONSENT_WAIT_FOR_UPDATE_MS = 500

export interface ConsentDependencies {
  cookies: CookieJar
  host: DataLayerHost
  /** The configured container id; '' when tag management is off. */
  containerId(): Promise<string>
  /** Loads react-gtm-module (a separate chunk: nothing of it loads before consent). */
  loadTagManager(): Promise<TagManagerApi>
}

/**
 * The consent machine's real side effects: the ConsentCookie, the consent-mode commands in the
 * dataLayer (pushed through the standard `gtag` stub, because GTM reads them only as Arguments
 * objects), and react-gtm-module, loaded and initialised only after an acceptance.
 */
export function createConsentImplementations(deps: ConsentDependencies) {
  const layer = () => (deps.host.dataLayer ??= [])
  function gtag(..._command: unknown[]): void {
    // eslint-disable-next-line prefer-rest-params -- consent commands must be Arguments objects
    layer().push(arguments)
  }
  return {
    actors: {
      // A cookie store that throws (sandboxed frames) rejects instead of crashing.
      readConsent: fromAbortablePromise<string | null>(() =>
        Promise.resolve().then(() => deps.cookies.read(CONSENT_COOKIE)),
      ),
      initTagManager: fromAbortablePromise<string>(async ({ signal }) => {
        const gtmId = await deps.containerId()
        if (!gtmId) throw new Error('No tag manager container is configured')
        const tagManager = await deps.loadTagManager()
        // A run cancelled while the chunk loaded must not start the container behind the live one.
        signal.throwIfAborted()
        tagManager.initialize({ gtmId })
        return gtmId
      }),
    },
    actions: {
      denyByDefault: () => {
        gtag('consent', 'default', {
          ...signals('denied'),
          wait_for_update: CONSENT_WAIT_FOR_UPDATE_MS,
        })
      },
      storeConsent: (_: unknown, params: { value: ConsentValue }) => {
        deps.cookies.write(CONSENT_COOKIE, params.value, CONSENT_COOKIE_DAYS)
      },
      grantConsent: () => {
        gtag('consent', 'update', signals('granted'))
      },
    },
  } satisfies Parameters<typeof consentMachine.provide>[0]
}
