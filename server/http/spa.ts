import { existsSync } from 'node:fs'
import { join } from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'
import { problemBody } from './problem.ts'

/**
 * Serves the built SPA from distDir: hashed assets cached for a year, and index.html for every
 * other GET that is not an API path, so the client router can answer it (including 'Page not found').
 * Without an SPA (API-only), every unknown address is the 404 problem.
 */
export async function installSpa(app: FastifyInstance, distDir: string | undefined): Promise<void> {
  const hasSpa = distDir !== undefined && existsSync(join(distDir, 'index.html'))
  if (hasSpa) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      setHeaders(reply, path) {
        reply.header(
          'cache-control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        )
      },
    })
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/'
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !/^\/(api|dev|sandbox)(\/|$)/.test(path) &&
      !/\.[a-z0-9]+$/i.test(path)
    if (hasSpa && wantsPage) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html')
    }
    // The unknown path is not echoed back (docs/decisions/050).
    return reply
      .code(404)
      .type('application/problem+json')
      .send(problemBody(404, 'Nothing is served at this address with this method.', 'OTHER_ERROR'))
  })
}
