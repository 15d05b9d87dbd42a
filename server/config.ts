import { createPrivateKey, createPublicKey } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { isIP } from 'node:net'
import { isAbsolute, resolve } from 'node:path'
import { defaultMarketBaseUrls, defaultSiteSettings } from '../domain/site-settings.ts'
import { clientConfigProvidersValues, type components } from '../openapi/main.gen.ts'
import { sandboxMarketModes, type SandboxMarketMode } from './providers/market/types.ts'
import { sandboxWebhookPublicKeyPem } from './providers/paybis/sandbox-webhook-key.ts'

type ClientConfig = components['schemas']['ClientConfig']

/** Everything the server reads from the environment, validated once at start. */
export interface Config {
  nodeEnv: 'development' | 'production' | 'test'
  host: string
  port: number
  publicUrl: string
  dataDir: string
  databaseUrl: string | undefined
  smtpUrl: string | undefined
  /** How long a node may hold a job it runs (an e-mail it sends) before another node may take it. */
  jobLeaseSeconds: number
  mailFrom: string
  opsEmail: string
  /** Offers whose fiat amount is at or above this need a second manager (decimal string). */
  offerApprovalThreshold: string
  accessTokenTtlSeconds: number
  jwtSecret: string | undefined
  jwtKeyFile: string | undefined
  /** The second factors' own key (docs/decisions/105); in DATA_DIR outside production. */
  secondFactor: { key: string | undefined; keyFile: string | undefined; oldKeys: string[] }
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent'
  /** Addresses/CIDRs of the reverse proxies whose X-Forwarded-For is believed; empty: none. */
  trustProxy: string[]
  /** Serve the local mailbox at /dev/mailbox: only with MAILBOX=1, never in production. */
  mailboxEnabled: boolean
  providers: ClientConfig['providers']
  /** Sumsub (KYC/KYB). In sandbox mode the credentials are the in-process fake's own. */
  sumsub: {
    baseUrl: string
    appToken: string
    secretKey: string
    webhookSecret: string
    kycLevel: string
    kybLevel: string
    /** `ttlInSecs` asked for each SDK token (SANDBOX_SUMSUB_TOKEN_TTL in sandbox mode). */
    tokenTtlSeconds: number
  }
  /** Paybis (card payments). */
  paybis: {
    apiUrl: string
    /** The widget page the SPA frames: Paybis's host, or the sandbox page on PUBLIC_URL. */
    widgetUrl: string
    apiKey: string
    /** PEM of the partner's RSA key; undefined in sandbox mode without one (generated in DATA_DIR). */
    privateKeyPem: string | undefined
    /** Ask for a oneTimeToken (SSO), which Paybis must have enabled for the partner. */
    passwordless: boolean
    /**
     * PEM of Paybis's public key, which its webhooks are verified with (docs/decisions/113); in
     * sandbox mode the sandbox's own unless one is given, never the sandbox's with PROVIDERS=live.
     */
    webhookPublicKeyPem: string
  }
  /** The exchange's public market-data API behind the live proxy at /market. */
  market: {
    apiUrl: string
    cacheSeconds: number
  }
  sandbox: {
    /** normal, empty (`data: []`) or error (429): how /sandbox/market answers by default. */
    marketMode: SandboxMarketMode
  }
  /**
   * Public settings the SPA reads from GET /api/config (sumsubSandboxUrl in sandbox mode only;
   * flowsViewer, the live flow viewer at /flows, only with FLOWS_VIEWER=1).
   */
  site: Omit<ClientConfig, 'providers' | 'sumsubBaseUrl'>
}

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    message: string,
  ) {
    super(`${variable}: ${message}`)
    this.name = 'ConfigError'
  }
}

type Env = Record<string, string | undefined>

function read(env: Env, name: string): string | undefined {
  const value = env[name]?.trim()
  return value === '' ? undefined : value
}

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = read(env, name)
  if (raw === undefined) return fallback
  if (!/^\d+$/.test(raw)) throw new ConfigError(name, `must be a whole number, got "${raw}"`)
  const value = Number(raw)
  if (value < min || value > max)
    throw new ConfigError(name, `must be between ${min} and ${max}, got ${value}`)
  return value
}

function url(env: Env, name: string, protocols: string[]): string | undefined {
  const raw = read(env, name)
  if (raw === undefined) return undefined
  let parsed: URL
  try {
    parsed = new URL(raw)
  } catch {
    throw new ConfigError(name, 'is not a valid URL')
  }
  if (!protocols.includes(parsed.protocol))
    throw new ConfigError(name, `must start with ${protocols.map((p) => p + '//').join(' or ')}`)
  return raw
}

function oneOf<T extends string>(env: Env, name: string, allowed: readonly T[], fallback: T): T {
  const raw = read(env, name)
  if (raw === undefined) return fallback
  if (!(allowed as readonly string[]).includes(raw))
    throw new ConfigError(name, `must be one of ${allowed.join(', ')}, got "${raw}"`)
  return raw as T
}

/** A positive whole amount of money, kept as its decimal string. */
function wholeAmount(env: Env, name: string, fallback: string): string {
  const raw = read(env, name) ?? fallback
  if (!/^[1-9][0-9]{0,11}$/.test(raw))
    throw new ConfigError(name, `must be a whole amount from 1 to 12 digits, got "${raw}"`)
  return raw
}

function email(env: Env, name: string, fallback: string): string {
  const raw = read(env, name) ?? fallback
  if (!/^[^\s@<>]+@[^\s@<>]+$/.test(raw.replace(/^.*<(.+)>$/, '$1')))
    throw new ConfigError(name, `is not an e-mail address: "${raw}"`)
  return raw
}

/** A bind address only this machine can reach. */
export function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host)
}

/**
 * The proxies to believe, as Fastify's trustProxy list: never "everyone", since any client can
 * write X-Forwarded-For and would then choose its own IP for every per-IP limit.
 */
function trustedProxies(env: Env): string[] {
  const raw = read(env, 'TRUST_PROXY')
  if (raw === undefined || raw === '0') return []
  const entries = raw.split(',').map((entry) => entry.trim())
  for (const entry of entries) {
    const [address = '', bits, ...rest] = entry.split('/')
    const family = isIP(address)
    const maxBits = family === 6 ? 128 : 32
    const validBits =
      bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= maxBits && rest.length === 0)
    if (family === 0 || !validBits)
      throw new ConfigError(
        'TRUST_PROXY',
        `lists the reverse proxies' addresses or CIDRs (e.g. 10.0.0.5,10.1.0.0/16), got "${entry}"`,
      )
  }
  return entries
}

function flag(env: Env, name: string): boolean {
  return oneOf(env, name, ['0', '1'], '0') === '1'
}

function socialLinks(env: Env): ClientConfig['socialLinks'] {
  const raw = read(env, 'SOCIAL_LINKS')
  if (raw === undefined) return defaultSiteSettings.socialLinks
  // Format: "Name=https://…,Name=https://…"
  return raw.split(',').map((entry) => {
    const [name, link] = entry.split('=', 2).map((p) => p.trim())
    if (!name || !link || !/^https:\/\/\S+$/.test(link))
      throw new ConfigError('SOCIAL_LINKS', `expects "Name=https://…" pairs separated by commas`)
    return { name, url: link }
  })
}

function relativeOrAbsoluteUrl(env: Env, name: string, fallback: string): string {
  const raw = read(env, name) ?? fallback
  if (raw.startsWith('/') && !raw.startsWith('//')) return raw.replace(/\/+$/, '') || '/'
  return (url(env, name, ['http:', 'https:']) ?? raw).replace(/\/+$/, '')
}

/** Live mode refuses to start without a credential; sandbox mode uses the local fake's own. */
function credential(
  env: Env,
  name: string,
  providers: Config['providers'],
  sandboxValue: string,
): string {
  const value = read(env, name)
  if (providers === 'live') {
    if (value === undefined) throw new ConfigError(name, 'is required when PROVIDERS=live')
    if (value === sandboxValue)
      throw new ConfigError(name, "is the sandbox's public value: set the provider's real one")
    return value
  }
  return value ?? sandboxValue
}

/**
 * A PEM given inline (`NAME`, `\n` for line breaks) or as a file (`NAME_FILE`), with the name it
 * came by, or undefined when neither is set.
 */
function pemSetting(env: Env, name: string): { pem: string; name: string } | undefined {
  const inline = read(env, name)
  if (inline !== undefined) return { pem: inline.replace(/\\n/g, '\n'), name }
  const file = read(env, `${name}_FILE`)
  if (file === undefined) return undefined
  try {
    return { pem: readFileSync(file, 'utf8'), name: `${name}_FILE` }
  } catch (error) {
    throw new ConfigError(`${name}_FILE`, `cannot be read: ${(error as Error).message}`)
  }
}

/** The key's type, or undefined when the PEM is not a key of that kind. */
function keyType(pem: string, parse: typeof createPrivateKey | typeof createPublicKey) {
  try {
    return parse(pem).asymmetricKeyType
  } catch {
    return undefined
  }
}

function paybisPrivateKey(env: Env, providers: Config['providers']): string | undefined {
  const setting = pemSetting(env, 'PAYBIS_PRIVATE_KEY')
  if (setting === undefined) {
    if (providers === 'live')
      throw new ConfigError(
        'PAYBIS_PRIVATE_KEY',
        'is required when PROVIDERS=live (or set PAYBIS_PRIVATE_KEY_FILE)',
      )
    return undefined
  }
  const type = keyType(setting.pem, createPrivateKey)
  if (type !== 'rsa' && type !== 'rsa-pss')
    throw new ConfigError(setting.name, 'is not a PEM-encoded RSA private key')
  return setting.pem
}

/** The same RSA public key, whatever its PEM's line breaks. */
function samePublicKey(a: string, b: string): boolean {
  const der = (pem: string) => createPublicKey(pem).export({ type: 'spki', format: 'der' })
  return der(a).equals(der(b))
}

function paybisWebhookPublicKey(env: Env, providers: Config['providers']): string {
  const setting = pemSetting(env, 'PAYBIS_WEBHOOK_PUBLIC_KEY')
  if (setting === undefined) {
    if (providers === 'live')
      throw new ConfigError(
        'PAYBIS_WEBHOOK_PUBLIC_KEY',
        "is required when PROVIDERS=live (or set PAYBIS_WEBHOOK_PUBLIC_KEY_FILE): Paybis's key its webhooks are signed with",
      )
    return sandboxWebhookPublicKeyPem
  }
  const type = keyType(setting.pem, createPublicKey)
  if (type !== 'rsa' && type !== 'rsa-pss')
    throw new ConfigError(setting.name, 'is not a PEM-encoded RSA public key')
  if (providers === 'live' && samePublicKey(setting.pem, sandboxWebhookPublicKeyPem))
    throw new ConfigError(setting.name, "is the sandbox's public key: set the one Paybis gave you")
  return setting.pem
}

/**
 * Reads and checks the environment. Nothing meant for a developer's machine (sandbox providers,
 * the local mailbox, the flow viewer) is on unless named; an unset NODE_ENV is production, and
 * production refuses those local-only settings (`npm start` and `npm run dev` name them for you).
 */
export function loadConfig(env: Env = process.env, cwd = process.cwd()): Config {
  const nodeEnv = oneOf(env, 'NODE_ENV', ['development', 'production', 'test'], 'production')
  const production = nodeEnv === 'production'
  const port = integer(env, 'PORT', 3000, 0, 65535)
  const host = read(env, 'HOST') ?? '127.0.0.1'
  const publicUrl = (
    url(env, 'PUBLIC_URL', ['http:', 'https:']) ?? `http://localhost:${port}`
  ).replace(/\/+$/, '')
  const dataDirRaw = read(env, 'DATA_DIR') ?? './data'
  const jwtSecret = read(env, 'JWT_SECRET')
  if (jwtSecret !== undefined && Buffer.byteLength(jwtSecret) < 32)
    throw new ConfigError('JWT_SECRET', 'must be at least 32 bytes long')
  const jwtKeyFile = read(env, 'JWT_KEY_FILE')
  if (production && jwtSecret === undefined && jwtKeyFile === undefined)
    throw new ConfigError('JWT_SECRET', 'is required in production (or set JWT_KEY_FILE)')

  const secondFactorKey = read(env, 'SECOND_FACTOR_KEY')
  if (secondFactorKey !== undefined && Buffer.byteLength(secondFactorKey) < 32)
    throw new ConfigError('SECOND_FACTOR_KEY', 'must be at least 32 bytes long')
  const secondFactorKeyFile = read(env, 'SECOND_FACTOR_KEY_FILE')
  if (production && secondFactorKey === undefined && secondFactorKeyFile === undefined)
    throw new ConfigError(
      'SECOND_FACTOR_KEY',
      'is required in production (or set SECOND_FACTOR_KEY_FILE): it seals the second factors',
    )
  if (secondFactorKey !== undefined && secondFactorKey === jwtSecret)
    throw new ConfigError('SECOND_FACTOR_KEY', 'must differ from JWT_SECRET')
  const oldSecondFactorKeys = (read(env, 'SECOND_FACTOR_OLD_KEYS') ?? '')
    .split(',')
    .map((k) => k.trim())
    .filter((k) => k !== '')
  if (oldSecondFactorKeys.some((k) => Buffer.byteLength(k) < 32))
    throw new ConfigError('SECOND_FACTOR_OLD_KEYS', 'each key must be at least 32 bytes long')

  const smtpUrl = url(env, 'SMTP_URL', ['smtp:', 'smtps:'])
  if (production && smtpUrl === undefined)
    throw new ConfigError(
      'SMTP_URL',
      'is required in production: without it no e-mail leaves the server',
    )

  if (read(env, 'PROVIDERS') === undefined)
    throw new ConfigError(
      'PROVIDERS',
      'is not set: PROVIDERS=live uses the real Sumsub, Paybis and market data; PROVIDERS=sandbox the local fakes (development only)',
    )
  const providers = oneOf(env, 'PROVIDERS', clientConfigProvidersValues, 'live')
  const sandbox = providers === 'sandbox'
  if (sandbox && production)
    throw new ConfigError(
      'PROVIDERS',
      'sandbox is refused with NODE_ENV=production: anyone could approve their own verification',
    )
  if (sandbox && !isLoopbackHost(host))
    throw new ConfigError(
      'PROVIDERS',
      `sandbox is only served on a loopback HOST (127.0.0.1, ::1, localhost), not on "${host}"`,
    )
  const mailboxEnabled = flag(env, 'MAILBOX')
  if (mailboxEnabled && production)
    throw new ConfigError('MAILBOX', 'is refused with NODE_ENV=production: it shows reset links')
  if (mailboxEnabled && !isLoopbackHost(host))
    throw new ConfigError(
      'MAILBOX',
      `the local mailbox is only served on a loopback HOST (127.0.0.1, ::1, localhost), not on "${host}"`,
    )

  const sumsub: Config['sumsub'] = {
    baseUrl: (url(env, 'SUMSUB_BASE_URL', ['https:', 'http:']) ?? 'https://api.sumsub.com').replace(
      /\/+$/,
      '',
    ),
    appToken: credential(env, 'SUMSUB_APP_TOKEN', providers, 'sbx:sandbox-app-token'),
    secretKey: credential(env, 'SUMSUB_SECRET_KEY', providers, 'sandbox-secret-key'),
    webhookSecret: credential(env, 'SUMSUB_WEBHOOK_SECRET', providers, 'sandbox-webhook-secret'),
    kycLevel: read(env, 'SUMSUB_KYC_LEVEL') ?? 'basic-kyc-level',
    kybLevel: read(env, 'SUMSUB_KYB_LEVEL') ?? 'basic-kyb-level',
    tokenTtlSeconds: sandbox ? integer(env, 'SANDBOX_SUMSUB_TOKEN_TTL', 600, 5, 86_400) : 600,
  }
  if (sumsub.kycLevel === sumsub.kybLevel)
    throw new ConfigError('SUMSUB_KYB_LEVEL', 'must differ from SUMSUB_KYC_LEVEL')
  const paybis: Config['paybis'] = {
    apiUrl: (
      url(env, 'PAYBIS_API_URL', ['https:', 'http:']) ?? 'https://widget-api.paybis.com'
    ).replace(/\/+$/, ''),
    widgetUrl: sandbox
      ? `${publicUrl}/sandbox/paybis/widget`
      : (url(env, 'PAYBIS_WIDGET_URL', ['https:', 'http:']) ?? 'https://widget.paybis.com/'),
    apiKey: credential(env, 'PAYBIS_API_KEY', providers, 'sandbox-api-key'),
    privateKeyPem: paybisPrivateKey(env, providers),
    passwordless: oneOf(env, 'PAYBIS_PASSWORDLESS', ['0', '1'], sandbox ? '1' : '0') === '1',
    webhookPublicKeyPem: paybisWebhookPublicKey(env, providers),
  }

  return {
    nodeEnv,
    host,
    port,
    publicUrl,
    dataDir: isAbsolute(dataDirRaw) ? dataDirRaw : resolve(cwd, dataDirRaw),
    databaseUrl: url(env, 'DATABASE_URL', ['postgres:', 'postgresql:']),
    smtpUrl,
    jobLeaseSeconds: integer(env, 'JOB_LEASE_SECONDS', 120, 2, 3600),
    mailFrom: email(env, 'MAIL_FROM', 'Exchange <no-reply@exchange.localhost>'),
    opsEmail: email(env, 'OPS_EMAIL', 'ops@exchange.localhost'),
    offerApprovalThreshold: wholeAmount(env, 'OFFER_APPROVAL_THRESHOLD', '15000'),
    accessTokenTtlSeconds: integer(env, 'ACCESS_TOKEN_TTL', 900, 5, 86_400),
    jwtSecret,
    jwtKeyFile,
    secondFactor: {
      key: secondFactorKey,
      keyFile: secondFactorKeyFile,
      oldKeys: oldSecondFactorKeys,
    },
    logLevel: oneOf(
      env,
      'LOG_LEVEL',
      ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'],
      nodeEnv === 'test' ? 'warn' : 'info',
    ),
    trustProxy: trustedProxies(env),
    mailboxEnabled,
    providers,
    sumsub,
    paybis,
    market: {
      apiUrl: (
        url(env, 'MARKET_API_URL', ['https:', 'http:']) ??
        'https://trade.cex.io/api/spot/rest-public'
      ).replace(/\/+$/, ''),
      cacheSeconds: integer(env, 'MARKET_CACHE_SECONDS', 15, 1, 300),
    },
    sandbox: {
      marketMode: oneOf(env, 'SANDBOX_MARKET_MODE', sandboxMarketModes, 'normal'),
    },
    site: {
      marketBaseUrl: relativeOrAbsoluteUrl(
        env,
        'MARKET_BASE_URL',
        defaultMarketBaseUrls[providers],
      ),
      supportUrl: url(env, 'SUPPORT_URL', ['https:', 'http:']) ?? defaultSiteSettings.supportUrl,
      schedulingUrl:
        url(env, 'SCHEDULING_URL', ['https:', 'http:']) ?? defaultSiteSettings.schedulingUrl,
      contactEmail: email(env, 'CONTACT_EMAIL', defaultSiteSettings.contactEmail),
      licenceNumber: read(env, 'LICENCE_NUMBER') ?? defaultSiteSettings.licenceNumber,
      address: read(env, 'COMPANY_ADDRESS') ?? defaultSiteSettings.address,
      socialLinks: socialLinks(env),
      gtmContainerId: (() => {
        const id = read(env, 'GTM_CONTAINER_ID') ?? defaultSiteSettings.gtmContainerId
        if (!/^(GTM-[A-Z0-9]+)?$/.test(id))
          throw new ConfigError('GTM_CONTAINER_ID', `must look like GTM-XXXXXXX, got "${id}"`)
        return id
      })(),
      ...(sandbox ? { sumsubSandboxUrl: '/sandbox/sumsub/websdk' } : {}),
      flowsViewer: flag(env, 'FLOWS_VIEWER'),
    },
  }
}
