/**
 * The SPA's production build, the one way `npm start` and the browser tests make dist/. A build
 * takes React's development bundles from NODE_ENV, so it is set here whatever the shell says.
 */
import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { prerendererDir } from '../server/http/prerendered-pages.ts'

export function buildSpa(
  root: string,
  options: { outDir?: string; env?: NodeJS.ProcessEnv; quiet?: boolean } = {},
): void {
  const outDir = options.outDir ?? join(root, 'dist')
  const vite = (args: string[]) => {
    execFileSync(
      process.execPath,
      [
        join(root, 'node_modules/vite/bin/vite.js'),
        'build',
        '--mode',
        'production',
        '--logLevel',
        'warn',
        '--emptyOutDir',
        ...args,
      ],
      {
        cwd: root,
        stdio: options.quiet ? 'pipe' : 'inherit',
        env: { ...(options.env ?? process.env), NODE_ENV: 'production' },
      },
    )
  }
  vite(['--outDir', outDir])
  // The public pages' server renderer (decision 101), beside dist/ and never served from it.
  vite(['--ssr', 'src/prerender-entry.tsx', '--outDir', prerendererDir(outDir)])
}

/** True when a built dist/ holds React's development code (JSX compiled to `jsxDEV` calls). */
export function isDevelopmentBuild(outDir: string): boolean {
  const assets = join(outDir, 'assets')
  if (!existsSync(assets)) return false
  return readdirSync(assets)
    .filter((name) => name.endsWith('.js'))
    .some((name) => readFileSync(join(assets, name), 'utf8').includes('jsxDEV'))
}
