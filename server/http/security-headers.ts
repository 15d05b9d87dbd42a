import helmet from '@fastify/helmet'
import type { FastifyInstance } from 'fastify'
import { apiDocsPaths } from './api-docs.ts'
import { tagManagerLoaderHashes, type InlineSources } from './inline-sources.ts'

/**
 * The providers' hosts the SPA may load frames and scripts from
 * (docs/product/api.md#third-party-embeds): Sumsub's WebSDK, Paybis's widget, Calendly's
 * scheduling embed, and the exchange's market-data API
 * (docs/product/providers/market-data.md#base-addresses; fetched directly only when configured so;
 * the sandbox is same-origin). Google Tag Manager's
 * hosts are added only when a container is configured (`tagManagerSources`).
 */
export const providerSources = {
  script: [
    'https://static.sumsub.com',
    'https://widget.paybis.com',
    'https://widget.sandbox.paybis.com',
    'https://assets.calendly.com',
  ],
  frame: [
    'https://in.sumsub.com',
    'https://api.sumsub.com',
    'https://widget.paybis.com',
    'https://widget.sandbox.paybis.com',
    'https://calendly.com',
  ],
  connect: ['https://api.sumsub.com', 'https://in.sumsub.com', 'https://trade.cex.io'],
  style: ['https://assets.calendly.com'],
  // react-calendly's stylesheet draws the modal's close button with an image from there.
  img: ['https://assets.calendly.com'],
}

const tagManagerSources = {
  script: ['https://www.googletagmanager.com'],
  frame: ['https://www.googletagmanager.com'],
  img: ['https://www.googletagmanager.com'],
}

export interface SecurityOptions {
  /** PUBLIC_URL is https: HSTS and upgrade-insecure-requests are sent (never over plain http). */
  https: boolean
  gtmContainerId: string
  /** The flow viewer is served: its page (only) may use inline styles, which mermaid's SVG needs. */
  flowsViewer: boolean
  /**
   * What the SPA's libraries insert inline, as its build captured it (decision 107): the tag
   * manager's loader (GTM loads after consent: docs/product/flows.md#cookie-banner) and
   * react-calendly's stylesheet (the scheduling modal's layout and close button).
   */
  inline: InlineSources
}

type Directives = Record<string, string[]>

function policy(directives: Directives): string {
  return Object.entries(directives)
    .map(([name, values]) => [name, ...values].join(' '))
    .join('; ')
}

/**
 * The CSP, built once: no inline script or style but the tag manager's loader and Calendly's
 * stylesheet, each by the hash of the exact text the build's libraries insert.
 */
export function contentSecurityPolicy(options: SecurityOptions): {
  strict: string
  flowsViewer: string
  apiDocs: string
} {
  const gtm = options.gtmContainerId !== ''
  const directives: Directives = {
    'default-src': ["'self'"],
    'script-src': [
      "'self'",
      ...providerSources.script,
      ...(gtm
        ? [
            ...tagManagerSources.script,
            ...tagManagerLoaderHashes(options.inline, options.gtmContainerId),
          ]
        : []),
    ],
    'style-src': ["'self'", ...providerSources.style, ...options.inline.styleHashes],
    'img-src': ["'self'", 'data:', ...providerSources.img, ...(gtm ? tagManagerSources.img : [])],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...providerSources.connect],
    'frame-src': ["'self'", ...providerSources.frame, ...(gtm ? tagManagerSources.frame : [])],
    // The sandbox provider pages are framed by the SPA, which is on the same origin.
    'frame-ancestors': ["'self'"],
    'form-action': ["'self'"],
    'base-uri': ["'self'"],
    'object-src': ["'none'"],
    ...(options.https ? { 'upgrade-insecure-requests': [] } : {}),
  }
  return {
    strict: policy(directives),
    flowsViewer: policy({ ...directives, 'style-src': ["'self'", "'unsafe-inline'"] }),
    // The API reference (/api/docs, decision 095) loads nothing from elsewhere: no provider, no tag
    // manager. Scalar (Vue) writes its stylesheet as <style> elements and sets style attributes,
    // so that page only may use inline styles; its scripts are files from 'self'.
    apiDocs: policy({
      'default-src': ["'self'"],
      'script-src': ["'self'"],
      'style-src': ["'self'", "'unsafe-inline'"],
      'img-src': ["'self'", 'data:'],
      'font-src': ["'self'", 'data:'],
      'connect-src': ["'self'"],
      'frame-src': ["'none'"],
      'frame-ancestors': ["'self'"],
      'form-action': ["'self'"],
      'base-uri': ["'self'"],
      'object-src': ["'none'"],
      ...(options.https ? { 'upgrade-insecure-requests': [] } : {}),
    }),
  }
}

/** A policy that also allows one inline stylesheet, by its hash (a prerendered page's, decision 101). */
export function allowingStyle(csp: string, hash: string): string {
  const allowed = csp.replace(/(^|; )style-src ([^;]*)/, `$1style-src $2 ${hash}`)
  if (allowed === csp) throw new Error('the policy has no style-src to extend')
  return allowed
}

/** Paths whose answers carry tokens or personal data: never stored by a browser or a proxy. */
const privatePaths = /^\/(api|dev|sandbox)\//

export async function installSecurityHeaders(
  app: FastifyInstance,
  options: SecurityOptions,
): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: false,
    strictTransportSecurity: options.https
      ? { maxAge: 31_536_000, includeSubDomains: true }
      : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'sameorigin' },
    crossOriginEmbedderPolicy: false,
  })
  const csp = contentSecurityPolicy(options)
  app.addHook('onRequest', (request, reply, done) => {
    const flows = options.flowsViewer && /^\/flows(\/|$|\?)/.test(request.url)
    const docs = apiDocsPaths.test(request.url)
    void reply.header(
      'content-security-policy',
      flows ? csp.flowsViewer : docs ? csp.apiDocs : csp.strict,
    )
    if (privatePaths.test(request.url)) void reply.header('cache-control', 'no-store')
    done()
  })
}
