import { isAbsolute, resolve } from 'node:path'

/** Everything the server reads from the environment, validated once at start. */
export interface Config {
  nodeEnv: 'development' | 'production' | 'test'
  host: string
  port: number
  publicUrl: string
  dataDir: string
  databaseUrl: string | undefined
  smtpUrl: string | undefined
  mailFrom: string
  opsEmail: string
  accessTokenTtlSeconds: number
  jwtSecret: string | undefined
  jwtKeyFile: string | undefined
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent'
  trustProxy: boolean
  /** Serve the local mailbox at /dev/mailbox (never in production). */
  mailboxEnabled: boolean
  providers: 'sandbox' | 'live'
  /** Public settings the SPA reads from GET /api/config. */
  site: {
    marketBaseUrl: string
    supportUrl: string
    schedulingUrl: string
    contactEmail: string
    licenceNumber: string
    address: string
    socialLinks: { name: string; url: string }[]
    gtmContainerId: string
  }
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

function email(env: Env, name: string, fallback: string): string {
  const raw = read(env, name) ?? fallback
  if (!/^[^\s@<>]+@[^\s@<>]+$/.test(raw.replace(/^.*<(.+)>$/, '$1')))
    throw new ConfigError(name, `is not an e-mail address: "${raw}"`)
  return raw
}

function socialLinks(env: Env): { name: string; url: string }[] {
  const raw = read(env, 'SOCIAL_LINKS')
  if (raw === undefined)
    return [
      { name: 'LinkedIn', url: 'https://www.linkedin.com/' },
      { name: 'X', url: 'https://x.com/' },
      { name: 'Telegram', url: 'https://t.me/' },
    ]
  // Format: "Name=https://…,Name=https://…"
  return raw.split(',').map((entry) => {
    const [name, link] = entry.split('=', 2).map((p) => p.trim())
    if (!name || !link || !/^https:\/\/\S+$/.test(link))
      throw new ConfigError('SOCIAL_LINKS', `expects "Name=https://…" pairs separated by commas`)
    return { name, url: link }
  })
}

export function loadConfig(env: Env = process.env, cwd = process.cwd()): Config {
  const nodeEnv = oneOf(env, 'NODE_ENV', ['development', 'production', 'test'], 'development')
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
  if (nodeEnv === 'production' && jwtSecret === undefined && jwtKeyFile === undefined)
    throw new ConfigError('JWT_SECRET', 'is required in production (or set JWT_KEY_FILE)')

  const smtpUrl = url(env, 'SMTP_URL', ['smtp:', 'smtps:'])
  if (nodeEnv === 'production' && smtpUrl === undefined)
    throw new ConfigError(
      'SMTP_URL',
      'is required in production: without it no e-mail leaves the server',
    )

  return {
    nodeEnv,
    host,
    port,
    publicUrl,
    dataDir: isAbsolute(dataDirRaw) ? dataDirRaw : resolve(cwd, dataDirRaw),
    databaseUrl: url(env, 'DATABASE_URL', ['postgres:', 'postgresql:']),
    smtpUrl,
    mailFrom: email(env, 'MAIL_FROM', 'Exchange <no-reply@exchange.localhost>'),
    opsEmail: email(env, 'OPS_EMAIL', 'ops@exchange.localhost'),
    accessTokenTtlSeconds: integer(env, 'ACCESS_TOKEN_TTL', 900, 5, 86_400),
    jwtSecret,
    jwtKeyFile,
    logLevel: oneOf(
      env,
      'LOG_LEVEL',
      ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'],
      nodeEnv === 'test' ? 'warn' : 'info',
    ),
    trustProxy: oneOf(env, 'TRUST_PROXY', ['0', '1'], '0') === '1',
    mailboxEnabled: nodeEnv !== 'production',
    providers: oneOf(env, 'PROVIDERS', ['sandbox', 'live'], 'sandbox'),
    site: {
      marketBaseUrl: read(env, 'MARKET_BASE_URL') ?? '/sandbox/market',
      supportUrl: url(env, 'SUPPORT_URL', ['https:', 'http:']) ?? 'https://support.example.com/',
      schedulingUrl:
        url(env, 'SCHEDULING_URL', ['https:', 'http:']) ??
        'https://calendly.com/exchange-team/30min',
      contactEmail: email(env, 'CONTACT_EMAIL', 'support@exchange.example.com'),
      licenceNumber: read(env, 'LICENCE_NUMBER') ?? 'RDWW-1234',
      address: read(env, 'COMPANY_ADDRESS') ?? 'ul. Marszałkowska 126/134, 00-008 Warsaw, Poland',
      socialLinks: socialLinks(env),
      gtmContainerId: (() => {
        const id = read(env, 'GTM_CONTAINER_ID') ?? ''
        if (!/^(GTM-[A-Z0-9]+)?$/.test(id))
          throw new ConfigError('GTM_CONTAINER_ID', `must look like GTM-XXXXXXX, got "${id}"`)
        return id
      })(),
    },
  }
}
