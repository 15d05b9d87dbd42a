/**
 * The SPA's production build, the one way `npm run build`, `npm start` and the browser tests make
 * dist/. A build takes React's development bundles from NODE_ENV, so it is set here whatever the
 * shell says. The live flow viewer is a build of its own, made only when FLOWS_VIEWER=1 names it
 * (decision 107): the customers' build never sees that variable, so it is the same either way.
 */
import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { flowViewerDir } from '../server/http/flow-viewer.ts'
import { prerendererDir } from '../server/http/prerendered-pages.ts'

export function buildSpa(
  root: string,
  options: { outDir?: string; env?: NodeJS.ProcessEnv; quiet?: boolean } = {},
): void {
  const outDir = options.outDir ?? join(root, 'dist')
  const { FLOWS_VIEWER: flowsViewer, ...env } = options.env ?? process.env
  const vite = (args: string[], viteEnv: NodeJS.ProcessEnv = env) => {
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
        env: { ...viteEnv, NODE_ENV: 'production' },
      },
    )
  }
  vite(['--outDir', outDir])
  // The public pages' server renderer (decision 101), beside dist/ and never served from it.
  vite(['--ssr', 'src/prerender-entry.tsx', '--outDir', prerendererDir(outDir)])
  // The flow viewer, beside dist/ and served only by a server that names it too; a build without
  // it removes an earlier one, so what is on disk is what this build was asked for.
  const viewerDir = flowViewerDir(outDir)
  if (flowsViewer === '1')
    vite(['--config', 'vite.flows.config.ts', '--outDir', viewerDir], {
      ...env,
      FLOWS_VIEWER: '1',
    })
  else rmSync(viewerDir, { recursive: true, force: true })
}

/** True when a built dist/ holds React's development code (JSX compiled to `jsxDEV` calls). */
export function isDevelopmentBuild(outDir: string): boolean {
  const assets = join(outDir, 'assets')
  if (!existsSync(assets)) return false
  return readdirSync(assets)
    .filter((name) => name.endsWith('.js'))
    .some((name) => readFileSync(join(assets, name), 'utf8').includes('jsxDEV'))
}
