import { createHash } from 'node:crypto'
import { createRequire } from 'node:module'
import helmet from '@fastify/helmet'
import type { FastifyInstance } from 'fastify'

/**
 * The providers' hosts the SPA may load frames and scripts from (shared/providers.md): Sumsub's
 * WebSDK, Paybis's widget, Calendly's scheduling embed, Google Tag Manager after consent, and the
 * exchange's market-data API (fetched directly only when configured so; the sandbox is same-origin).
 */
export const providerSources = {
  script: [
    'https://static.sumsub.com',
    'https://widget.paybis.com',
    'https://widget.sandbox.paybis.com',
    'https://assets.calendly.com',
    'https://www.googletagmanager.com',
  ],
  frame: [
    'https://in.sumsub.com',
    'https://api.sumsub.com',
    'https://widget.paybis.com',
    'https://widget.sandbox.paybis.com',
    'https://calendly.com',
    'https://www.googletagmanager.com',
  ],
  connect: ['https://api.sumsub.com', 'https://in.sumsub.com', 'https://trade.cex.io'],
  style: ['https://assets.calendly.com'],
  img: ['https://www.googletagmanager.com'],
}

const require = createRequire(import.meta.url)

/**
 * react-gtm-module inserts Google Tag Manager's loader as an inline script; the CSP allows exactly
 * that script, by its hash, for the configured container (spec §4: GTM loads after consent).
 */
export function gtmLoaderHash(containerId: string): string {
  const snippets = require('react-gtm-module/dist/Snippets') as {
    tags(options: Record<string, unknown>): { script: string }
  }
  const { script } = snippets.tags({
    id: containerId,
    events: {},
    dataLayerName: 'dataLayer',
    preview: '',
    auth: '',
  })
  return `'sha256-${createHash('sha256').update(script).digest('base64')}'`
}

export async function installSecurityHeaders(
  app: FastifyInstance,
  https: boolean,
  gtmContainerId = '',
): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: [
          "'self'",
          ...providerSources.script,
          ...(gtmContainerId ? [gtmLoaderHash(gtmContainerId)] : []),
        ],
        styleSrc: ["'self'", "'unsafe-inline'", ...providerSources.style],
        imgSrc: ["'self'", 'data:', ...providerSources.img],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...providerSources.connect],
        frameSrc: ["'self'", ...providerSources.frame],
        // The sandbox provider pages are framed by the SPA, which is on the same origin.
        frameAncestors: ["'self'"],
        formAction: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'sameorigin' },
    crossOriginEmbedderPolicy: false,
  })
}
