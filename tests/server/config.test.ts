/** Configuration: bad values are refused naming the variable, and the server exits on them. */
import { execFile } from 'node:child_process'
import { generateKeyPairSync } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../../server/config.ts'
import { sandboxWebhookPublicKeyPem } from '../../server/providers/paybis/sandbox-webhook-key.ts'

const root = fileURLToPath(new URL('../..', import.meta.url))
const run = promisify(execFile)

/** What a developer's start names (PROVIDERS has no default): a bad value beside it must be refused. */
const local = { NODE_ENV: 'development', PROVIDERS: 'sandbox' }

function configError(
  env: Record<string, string>,
  base: Record<string, string> = local,
): ConfigError {
  try {
    loadConfig({ ...base, ...env }, '/srv/app')
  } catch (error) {
    if (error instanceof ConfigError) return error
    throw error
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`)
}

describe('configuration', () => {
  it('reads a valid environment', () => {
    const config = loadConfig(
      {
        NODE_ENV: 'test',
        PROVIDERS: 'sandbox',
        MAILBOX: '1',
        PORT: '0',
        DATA_DIR: 'data',
        DATABASE_URL: 'postgresql://app@127.0.0.1:5432/app',
        JWT_SECRET: 'x'.repeat(32),
        ACCESS_TOKEN_TTL: '60',
        PUBLIC_URL: 'https://exchange.example/',
      },
      '/srv/app',
    )
    expect(config).toMatchObject({
      nodeEnv: 'test',
      port: 0,
      dataDir: '/srv/app/data',
      databaseUrl: 'postgresql://app@127.0.0.1:5432/app',
      accessTokenTtlSeconds: 60,
      publicUrl: 'https://exchange.example',
      logLevel: 'warn',
      mailboxEnabled: true,
    })
  })

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ DATABASE_URL: 'not a url' }, 'DATABASE_URL'],
    [{ JWT_SECRET: 'too-short' }, 'JWT_SECRET'],
    [{ ACCESS_TOKEN_TTL: '0' }, 'ACCESS_TOKEN_TTL'],
    [{ ACCESS_TOKEN_TTL: '1.5' }, 'ACCESS_TOKEN_TTL'],
    [{ JOB_LEASE_SECONDS: '1' }, 'JOB_LEASE_SECONDS'],
    [{ JOB_LEASE_SECONDS: 'ten' }, 'JOB_LEASE_SECONDS'],
    [
      { NODE_ENV: 'production', JWT_SECRET: 'z'.repeat(32), SECOND_FACTOR_KEY: 'f'.repeat(32) },
      'SMTP_URL',
    ],
    [
      { NODE_ENV: 'production', JWT_SECRET: 'z'.repeat(32), SMTP_URL: 'smtp://mail:25' },
      'SECOND_FACTOR_KEY',
    ],
    [{ SECOND_FACTOR_KEY: 'too-short' }, 'SECOND_FACTOR_KEY'],
    [{ JWT_SECRET: 'k'.repeat(32), SECOND_FACTOR_KEY: 'k'.repeat(32) }, 'SECOND_FACTOR_KEY'],
    [{ SECOND_FACTOR_OLD_KEYS: `${'o'.repeat(32)},short` }, 'SECOND_FACTOR_OLD_KEYS'],
    [{ NODE_ENV: 'production', SMTP_URL: 'smtp://mail:25' }, 'JWT_SECRET'],
    [{ NODE_ENV: 'staging' }, 'NODE_ENV'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ PUBLIC_URL: 'ftp://exchange.example' }, 'PUBLIC_URL'],
  ])('refuses %o naming %s', (env, variable) => {
    const error = configError(env)
    expect(error.variable).toBe(variable)
    expect(error.message.startsWith(`${variable}:`)).toBe(true)
  })

  const { privateKey: pem, publicKey: paybisPublicKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  })
  const live = {
    PROVIDERS: 'live',
    SUMSUB_APP_TOKEN: 'prd:token',
    SUMSUB_SECRET_KEY: 'secret',
    SUMSUB_WEBHOOK_SECRET: 'webhook-secret',
    PAYBIS_API_KEY: 'key',
    PAYBIS_PRIVATE_KEY: pem,
    PAYBIS_WEBHOOK_PUBLIC_KEY: paybisPublicKey,
  }
  const productionEnv = {
    NODE_ENV: 'production',
    SMTP_URL: 'smtp://mail:25',
    JWT_SECRET: 'y'.repeat(32),
    SECOND_FACTOR_KEY: 'w'.repeat(32),
    ...live,
  }
  const without = (name: keyof typeof live) =>
    Object.fromEntries(Object.entries(live).filter(([k]) => k !== name))

  it('reads a production environment: nothing local is on', () => {
    expect(loadConfig(productionEnv)).toMatchObject({
      nodeEnv: 'production',
      providers: 'live',
      mailboxEnabled: false,
      logLevel: 'info',
      trustProxy: [],
      site: { flowsViewer: false },
    })
  })

  it('treats an unset NODE_ENV as production', () => {
    const { NODE_ENV: _unset, ...unsetNodeEnv } = productionEnv
    expect(loadConfig(unsetNodeEnv).nodeEnv).toBe('production')
    expect(configError({}, {}).variable).toBe('JWT_SECRET')
    expect(configError({ ...unsetNodeEnv, MAILBOX: '1' }, {}).variable).toBe('MAILBOX')
  })

  it('turns on the mailbox and the flow viewer only when each is named', () => {
    expect(loadConfig(local)).toMatchObject({ mailboxEnabled: false, site: { flowsViewer: false } })
    expect(loadConfig({ ...local, MAILBOX: '1', FLOWS_VIEWER: '1' })).toMatchObject({
      mailboxEnabled: true,
      site: { flowsViewer: true },
    })
    expect(loadConfig({ ...productionEnv, FLOWS_VIEWER: '1' }).site.flowsViewer).toBe(true)
  })

  it.each([
    ['PROVIDERS', /is not set/, { NODE_ENV: 'test' }],
    ['PROVIDERS', /refused with NODE_ENV=production/, { ...productionEnv, PROVIDERS: 'sandbox' }],
    ['PROVIDERS', /loopback/, { ...local, HOST: '0.0.0.0' }],
    ['MAILBOX', /refused with NODE_ENV=production/, { ...productionEnv, MAILBOX: '1' }],
    ['MAILBOX', /loopback/, { NODE_ENV: 'development', ...live, MAILBOX: '1', HOST: '10.0.0.7' }],
    [
      'SUMSUB_WEBHOOK_SECRET',
      /sandbox's public value/,
      { ...productionEnv, SUMSUB_WEBHOOK_SECRET: 'sandbox-webhook-secret' },
    ],
    [
      'SUMSUB_SECRET_KEY',
      /sandbox's public value/,
      { ...productionEnv, SUMSUB_SECRET_KEY: 'sandbox-secret-key' },
    ],
    ['TRUST_PROXY', /addresses or CIDRs/, { ...local, TRUST_PROXY: '1' }],
    ['TRUST_PROXY', /addresses or CIDRs/, { ...local, TRUST_PROXY: 'true' }],
    ['TRUST_PROXY', /addresses or CIDRs/, { ...local, TRUST_PROXY: '10.0.0.0/33' }],
  ])('refuses an unsafe %s setting (%s)', (variable, reason, env) => {
    const error = configError(env, {})
    expect(error.variable).toBe(variable)
    expect(error.message).toMatch(reason)
    expect(error.message).not.toContain('\n')
  })

  it('takes the trusted proxies as a list of addresses and CIDRs', () => {
    expect(loadConfig({ ...local, TRUST_PROXY: '10.0.0.5, 10.1.0.0/16,::1' }).trustProxy).toEqual([
      '10.0.0.5',
      '10.1.0.0/16',
      '::1',
    ])
  })

  it('reads the providers in both modes', () => {
    const sandbox = loadConfig({ ...local, PUBLIC_URL: 'https://exchange.example' })
    expect(sandbox).toMatchObject({
      providers: 'sandbox',
      sumsub: { kycLevel: 'basic-kyc-level', kybLevel: 'basic-kyb-level', tokenTtlSeconds: 600 },
      paybis: { widgetUrl: 'https://exchange.example/sandbox/paybis/widget', passwordless: true },
      sandbox: { marketMode: 'normal' },
      site: { marketBaseUrl: '/sandbox/market', sumsubSandboxUrl: '/sandbox/sumsub/websdk' },
    })
    const real = loadConfig({
      NODE_ENV: 'test',
      ...live,
      PAYBIS_PRIVATE_KEY: pem.replace(/\n/g, '\\n'),
    })
    expect(real).toMatchObject({
      providers: 'live',
      sumsub: { baseUrl: 'https://api.sumsub.com', appToken: 'prd:token', tokenTtlSeconds: 600 },
      paybis: {
        apiUrl: 'https://widget-api.paybis.com',
        widgetUrl: 'https://widget.paybis.com/',
        passwordless: false,
      },
      market: { apiUrl: 'https://trade.cex.io/api/spot/rest-public', cacheSeconds: 15 },
      site: { marketBaseUrl: '/market' },
    })
    expect(real.site).not.toHaveProperty('sumsubSandboxUrl')
    expect(real.paybis.privateKeyPem).toBe(pem)
    expect(real.paybis.webhookPublicKeyPem).toBe(paybisPublicKey.trim())
  })

  it("verifies Paybis's webhooks with the sandbox's key only in sandbox mode", () => {
    expect(loadConfig(local).paybis.webhookPublicKeyPem).toBe(sandboxWebhookPublicKeyPem)
    expect(
      loadConfig({ ...local, PAYBIS_WEBHOOK_PUBLIC_KEY: paybisPublicKey }).paybis
        .webhookPublicKeyPem,
    ).toBe(paybisPublicKey.trim())
  })

  it.each([
    [{ PROVIDERS: 'live' }, 'SUMSUB_APP_TOKEN'],
    [without('SUMSUB_SECRET_KEY'), 'SUMSUB_SECRET_KEY'],
    [without('SUMSUB_WEBHOOK_SECRET'), 'SUMSUB_WEBHOOK_SECRET'],
    [without('PAYBIS_API_KEY'), 'PAYBIS_API_KEY'],
    [without('PAYBIS_PRIVATE_KEY'), 'PAYBIS_PRIVATE_KEY'],
    [{ ...live, PAYBIS_PRIVATE_KEY: 'not a key' }, 'PAYBIS_PRIVATE_KEY'],
    [
      { ...without('PAYBIS_PRIVATE_KEY'), PAYBIS_PRIVATE_KEY_FILE: '/nonexistent/key.pem' },
      'PAYBIS_PRIVATE_KEY_FILE',
    ],
    [without('PAYBIS_WEBHOOK_PUBLIC_KEY'), 'PAYBIS_WEBHOOK_PUBLIC_KEY'],
    [{ ...live, PAYBIS_WEBHOOK_PUBLIC_KEY: 'not a key' }, 'PAYBIS_WEBHOOK_PUBLIC_KEY'],
    // The sandbox's key is in the source: live refuses it, however its PEM is wrapped.
    [
      { ...live, PAYBIS_WEBHOOK_PUBLIC_KEY: sandboxWebhookPublicKeyPem.replace(/\n/g, '\\n') },
      'PAYBIS_WEBHOOK_PUBLIC_KEY',
    ],
    [
      {
        ...without('PAYBIS_WEBHOOK_PUBLIC_KEY'),
        PAYBIS_WEBHOOK_PUBLIC_KEY_FILE: '/nonexistent/k.pem',
      },
      'PAYBIS_WEBHOOK_PUBLIC_KEY_FILE',
    ],
    [{ ...live, SUMSUB_BASE_URL: 'api.sumsub.com' }, 'SUMSUB_BASE_URL'],
    [{ SANDBOX_SUMSUB_TOKEN_TTL: '2' }, 'SANDBOX_SUMSUB_TOKEN_TTL'],
    [{ SANDBOX_MARKET_MODE: 'broken' }, 'SANDBOX_MARKET_MODE'],
    [{ MARKET_BASE_URL: 'ftp://market' }, 'MARKET_BASE_URL'],
    [{ MARKET_CACHE_SECONDS: '0' }, 'MARKET_CACHE_SECONDS'],
    [{ SUMSUB_KYB_LEVEL: 'basic-kyc-level' }, 'SUMSUB_KYB_LEVEL'],
    [{ PAYBIS_PASSWORDLESS: 'yes' }, 'PAYBIS_PASSWORDLESS'],
  ])('refuses provider settings %o naming %s', (env, variable) => {
    const error = configError(env)
    expect(error.variable).toBe(variable)
    expect(error.message.startsWith(`${variable}:`)).toBe(true)
    expect(error.message).not.toContain('\n')
  })

  it('stops the server with one line naming SUMSUB_APP_TOKEN when PROVIDERS=live has no credentials', async () => {
    const failure = await run(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: root,
      env: { ...process.env, NODE_ENV: 'test', PROVIDERS: 'live', PORT: '0' },
      timeout: 30_000,
    }).then(
      () => undefined,
      (error: unknown) => error as { code: number; stdout: string; stderr: string },
    )
    expect(failure?.code).not.toBe(0)
    const lines = `${failure?.stdout ?? ''}${failure?.stderr ?? ''}`.trim().split('\n')
    expect(lines).toEqual([
      'Configuration error: SUMSUB_APP_TOKEN: is required when PROVIDERS=live',
    ])
  })

  it.each([
    [{}, 'Configuration error: JWT_SECRET: is required in production (or set JWT_KEY_FILE)'],
    [
      { NODE_ENV: 'test' },
      'Configuration error: PROVIDERS: is not set: PROVIDERS=live uses the real Sumsub, Paybis and market data; PROVIDERS=sandbox the local fakes (development only)',
    ],
  ])(
    'a bare start (%o) does not run the sandboxes or the mailbox: it stops with one line',
    async (env, line) => {
      const failure = await run(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
        cwd: root,
        env: { PATH: process.env.PATH, PORT: '0', ...env },
        timeout: 30_000,
      }).then(
        () => undefined,
        (error: unknown) => error as { code: number; stdout: string; stderr: string },
      )
      expect(failure, 'the server started').toBeDefined()
      expect(`${failure?.stdout ?? ''}${failure?.stderr ?? ''}`.trim().split('\n')).toEqual([line])
    },
  )

  it('stops the server with one line naming PORT when PORT=abc', async () => {
    const failure = await run(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: root,
      env: { ...process.env, NODE_ENV: 'test', PORT: 'abc' },
      timeout: 30_000,
    }).then(
      () => undefined,
      (error: unknown) => error as { code: number; stdout: string; stderr: string },
    )
    expect(failure, 'the server started with PORT=abc').toBeDefined()
    expect(failure?.code).not.toBe(0)
    const lines = `${failure?.stdout ?? ''}${failure?.stderr ?? ''}`.trim().split('\n')
    expect(lines).toHaveLength(1)
    expect(lines[0]).toContain('PORT')
  })
})
