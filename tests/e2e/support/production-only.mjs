/**
 * Preloaded into the compiled server by tests/e2e/compiled-server.test.ts (`node --import`): a
 * module of a package that only development dependencies bring (`"dev": true` in
 * package-lock.json, which `npm ci --omit=dev` leaves out) fails to load, as it would there.
 * `require` is checked here, `import` by the hooks in production-only-hooks.mjs.
 */
import { readFileSync } from 'node:fs'
import Module, { register } from 'node:module'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('../../../', import.meta.url))
const lock = JSON.parse(readFileSync(`${root}package-lock.json`, 'utf8'))
const devOnly = Object.entries(lock.packages)
  .filter(([path, entry]) => path !== '' && entry.dev === true)
  .map(([path]) => `${root}${path}/`)

const resolveFilename = Module._resolveFilename
Module._resolveFilename = function (...args) {
  const filename = resolveFilename.apply(this, args)
  if (devOnly.some((folder) => filename.startsWith(folder)))
    throw new Error(`${filename} belongs to a development dependency`)
  return filename
}
register('./production-only-hooks.mjs', import.meta.url, { data: devOnly })
