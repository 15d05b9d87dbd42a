/** Configuration: bad values are refused naming the variable, and the server exits on them. */
import { execFile } from 'node:child_process'
import { generateKeyPairSync } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../../server/config.ts'

const root = fileURLToPath(new URL('../..', import.meta.url))
const run = promisify(execFile)

function configError(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env, '/srv/app')
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
    expect(
      loadConfig({
        NODE_ENV: 'production',
        SMTP_URL: 'smtp://mail:25',
        JWT_SECRET: 'y'.repeat(32),
      }),
    ).toMatchObject({ nodeEnv: 'production', mailboxEnabled: false, logLevel: 'info' })
  })

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ DATABASE_URL: 'not a url' }, 'DATABASE_URL'],
    [{ JWT_SECRET: 'too-short' }, 'JWT_SECRET'],
    [{ ACCESS_TOKEN_TTL: '0' }, 'ACCESS_TOKEN_TTL'],
    [{ ACCESS_TOKEN_TTL: '1.5' }, 'ACCESS_TOKEN_TTL'],
    [{ NODE_ENV: 'production', JWT_SECRET: 'z'.repeat(32) }, 'SMTP_URL'],
    [{ NODE_ENV: 'production', SMTP_URL: 'smtp://mail:25' }, 'JWT_SECRET'],
    [{ NODE_ENV: 'staging' }, 'NODE_ENV'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ PUBLIC_URL: 'ftp://exchange.example' }, 'PUBLIC_URL'],
  ])('refuses %o naming %s', (env, variable) => {
    const error = configError(env)
    expect(error.variable).toBe(variable)
    expect(error.message.startsWith(`${variable}:`)).toBe(true)
  })

  const pem = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  }).privateKey
  const live = {
    PROVIDERS: 'live',
    SUMSUB_APP_TOKEN: 'prd:token',
    SUMSUB_SECRET_KEY: 'secret',
    SUMSUB_WEBHOOK_SECRET: 'webhook-secret',
    PAYBIS_API_KEY: 'key',
    PAYBIS_PRIVATE_KEY: pem,
  }
  const without = (name: keyof typeof live) =>
    Object.fromEntries(Object.entries(live).filter(([k]) => k !== name))

  it('reads the providers in both modes', () => {
    const sandbox = loadConfig({ PUBLIC_URL: 'https://exchange.example' })
    expect(sandbox).toMatchObject({
      providers: 'sandbox',
      sumsub: { kycLevel: 'basic-kyc-level', kybLevel: 'basic-kyb-level', tokenTtlSeconds: 600 },
      paybis: { widgetUrl: 'https://exchange.example/sandbox/paybis/widget', passwordless: true },
      sandbox: { marketMode: 'normal' },
      site: { marketBaseUrl: '/sandbox/market', sumsubSandboxUrl: '/sandbox/sumsub/websdk' },
    })
    const real = loadConfig({ ...live, PAYBIS_PRIVATE_KEY: pem.replace(/\n/g, '\\n') })
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
