/**
 * `npm run dev`: the API server (restarting on change) and Vite's dev server with hot reload,
 * which proxies /api, /dev and /sandbox to it. Ctrl-C stops both.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { withLocalDefaults } from './local-defaults.ts'

const root = fileURLToPath(new URL('..', import.meta.url))
const apiPort = process.env.API_PORT ?? '3001'
const webPort = process.env.PORT ?? '3000'
const publicUrl = process.env.PUBLIC_URL ?? `http://localhost:${webPort}`

const children: ChildProcess[] = [
  spawn(
    process.execPath,
    ['node_modules/tsx/dist/cli.mjs', 'watch', '--clear-screen=false', 'server/main.ts'],
    {
      cwd: root,
      stdio: 'inherit',
      env: { ...withLocalDefaults(process.env), PORT: apiPort, PUBLIC_URL: publicUrl },
    },
  ),
  spawn(process.execPath, ['node_modules/vite/bin/vite.js', '--port', webPort, '--strictPort'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, API_URL: `http://127.0.0.1:${apiPort}` },
  }),
]

let stopping = false
function stop(code: number): void {
  if (stopping) return
  stopping = true
  for (const child of children) child.kill('SIGTERM')
  process.exitCode = code
}
for (const child of children)
  child.on('exit', (code) => {
    stop(code ?? 0)
  })
process.on('SIGINT', () => {
  stop(0)
})
process.on('SIGTERM', () => {
  stop(0)
})
