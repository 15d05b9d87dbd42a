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

export async function installSecurityHeaders(app: FastifyInstance, https: boolean): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...providerSources.script],
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
