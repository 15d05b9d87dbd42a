/** Configuration: bad values are refused naming the variable, and the server exits on them. */
import { execFile } from 'node:child_process'
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
