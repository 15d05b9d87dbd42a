/**
 * Where the flow viewer is off (FLOWS_VIEWER unset), its code is not served either: the chunks
 * only the /flows route reaches (the viewer, mermaid and its diagrams) answer 404. They are found
 * in Vite's build manifest by walking the imports from the SPA's entry with that route left out.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { problemBody } from './problem.ts'

interface ManifestChunk {
  file: string
  isEntry?: boolean
  imports?: string[]
  dynamicImports?: string[]
  css?: string[]
}

type Manifest = Record<string, ManifestChunk>

const flowsRoute = /^src\/routes\/flows\.tsx(\?|$)/

function reachable(manifest: Manifest, from: string[], leaveOut: (key: string) => boolean) {
  const seen = new Set<string>()
  const stack = [...from]
  for (let key = stack.pop(); key !== undefined; key = stack.pop()) {
    if (seen.has(key) || leaveOut(key)) continue
    seen.add(key)
    const chunk = manifest[key]
    if (chunk) stack.push(...(chunk.imports ?? []), ...(chunk.dynamicImports ?? []))
  }
  return seen
}

/** The built files (`/assets/…`) that only the flow viewer uses. */
export function flowViewerOnlyFiles(manifest: Manifest): Set<string> {
  const keys = Object.keys(manifest)
  const entries = keys.filter((key) => manifest[key]?.isEntry)
  const customer = reachable(manifest, entries, (key) => flowsRoute.test(key))
  const viewer = reachable(
    manifest,
    keys.filter((key) => flowsRoute.test(key)),
    () => false,
  )
  const files = (keys: Iterable<string>) =>
    new Set(
      [...keys].flatMap((key) => {
        const chunk = manifest[key]
        return chunk ? [chunk.file, ...(chunk.css ?? [])] : []
      }),
    )
  const used = files(customer)
  return new Set([...files(viewer)].filter((file) => !used.has(file)).map((file) => `/${file}`))
}

export function hideFlowViewerAssets(app: FastifyInstance, distDir: string): void {
  let manifest: Manifest
  try {
    manifest = JSON.parse(readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8')) as Manifest
  } catch {
    app.log.warn('the SPA build has no manifest: the flow viewer code cannot be told apart')
    manifest = {}
  }
  const hidden = flowViewerOnlyFiles(manifest)
  app.addHook('onRequest', (request, reply, done) => {
    if (!hidden.has(request.url.split('?')[0] ?? '')) {
      done()
      return
    }
    void reply
      .code(404)
      .type('application/problem+json')
      .send(problemBody(404, 'Nothing is served at this address with this method.', 'OTHER_ERROR'))
  })
}
