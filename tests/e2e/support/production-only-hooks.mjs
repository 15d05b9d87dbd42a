/** Module hooks of production-only.mjs: an `import` of a development dependency fails. */
import { fileURLToPath } from 'node:url'

let devOnly = []

export function initialize(folders) {
  devOnly = folders
}

export async function resolve(specifier, context, nextResolve) {
  const resolved = await nextResolve(specifier, context)
  if (resolved.url.startsWith('file:')) {
    const filename = fileURLToPath(resolved.url)
    if (devOnly.some((folder) => filename.startsWith(folder)))
      throw new Error(`${filename} belongs to a development dependency`)
  }
  return resolved
}
