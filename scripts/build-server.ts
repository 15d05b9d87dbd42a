/**
 * The server as JavaScript (decision 107), the one way `npm run build`, `npm start` and the tests
 * make dist-server/: tsc compiles server/, domain/ and the generated contract (tsconfig.build-server.json)
 * and the files the server reads beside its code (the contracts, migrations, sandbox pages) are
 * copied to the same places (the server's catalogs too), so production runs `node dist-server/server/main.js`, without tsx.
 */
import { execFileSync } from 'node:child_process'
import { cpSync, readdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'

/** The compiled server's entry. */
export function compiledServerEntry(root: string): string {
  return join(root, 'dist-server', 'server', 'main.js')
}

export function buildServer(root: string, options: { quiet?: boolean } = {}): void {
  const outDir = join(root, 'dist-server')
  // A failed compile leaves nothing behind (noEmitOnError), never an older server.
  rmSync(outDir, { recursive: true, force: true })
  execFileSync(
    process.execPath,
    [join(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build-server.json'],
    { cwd: root, stdio: options.quiet ? 'pipe' : 'inherit' },
  )
  const copy = (folder: string, keep: (name: string) => boolean) => {
    for (const name of readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' }))
      if (keep(name)) cpSync(join(root, folder, name), join(outDir, folder, name))
  }
  copy('server', (name) => /\.(sql|html|js|css)$/.test(name))
  copy('openapi', (name) => name.endsWith('.yaml'))
  // The server's catalogs, the e-mails' and the problems' (server/i18n/catalog-i18n.ts).
  copy('src/locales', (name) => /(^|\/)(mail|problems)\.po$/.test(name))
}
