/**
 * The live flow viewer at /flows (decision 107): a build of its own (vite.flows.config.ts) beside
 * the SPA's, made only with FLOWS_VIEWER=1, and served only by a server started with FLOWS_VIEWER=1.
 * Anywhere else /flows is an unknown path like any other: 'Page not found' with 404.
 */
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'

/** Where the flow viewer of a build in `distDir` is: its sibling `<distDir>-flows`. */
export function flowViewerDir(distDir: string): string {
  return `${distDir.replace(/[\\/]+$/, '')}-flows`
}

/** True when the build in `distDir` has the flow viewer beside it. */
export function hasFlowViewer(distDir: string | undefined): distDir is string {
  return distDir !== undefined && existsSync(join(flowViewerDir(distDir), 'flows.html'))
}

/** Serves the viewer's document at /flows and its files under /flows/. */
export async function installFlowViewer(app: FastifyInstance, distDir: string): Promise<void> {
  const root = flowViewerDir(distDir)
  const page = readFileSync(join(root, 'flows.html'))
  await app.register(fastifyStatic, {
    root,
    prefix: '/flows/',
    // The SPA's registration decorates the reply; this one only serves files.
    decorateReply: false,
    index: false,
    setHeaders(reply, path) {
      reply.header(
        'cache-control',
        path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      )
    },
  })
  app.get('/flows', (_request, reply) =>
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(page),
  )
}
