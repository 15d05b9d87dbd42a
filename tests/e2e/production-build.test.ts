import { execFileSync } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { buildSpa, isDevelopmentBuild } from '../../scripts/build-spa.ts'

const root = fileURLToPath(new URL('../..', import.meta.url))
const developerShell = { ...process.env, NODE_ENV: 'development' }

describe('the build npm start makes (scripts/start.ts → scripts/build-spa.ts)', () => {
  const folders: string[] = []
  const outDir = async () => {
    const folder = await mkdtemp(join(tmpdir(), 'exchange-build-'))
    folders.push(folder)
    return folder
  }
  afterAll(async () => {
    await Promise.all(folders.map((f) => rm(f, { recursive: true, force: true })))
  })

  it('is React’s production build even from a shell with NODE_ENV=development', async () => {
    const built = await outDir()
    buildSpa(root, { outDir: built, env: developerShell, quiet: true })
    expect(isDevelopmentBuild(built)).toBe(false)
  })

  it('tells a development bundle apart, as the plain `vite build` from that shell made one', async () => {
    const built = await outDir()
    execFileSync(
      process.execPath,
      [
        'node_modules/vite/bin/vite.js',
        'build',
        '--logLevel',
        'warn',
        '--outDir',
        built,
        '--emptyOutDir',
      ],
      { cwd: root, env: developerShell, stdio: 'pipe' },
    )
    expect(isDevelopmentBuild(built)).toBe(true)
  })
})
