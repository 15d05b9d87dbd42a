import { existsSync } from 'node:fs'
import { join } from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply } from 'fastify'
import type { components } from '../../openapi/main.gen.ts'
import { renderPublicPages, type PrerenderedDocument } from './prerendered-pages.ts'
import { allowingStyle } from './security-headers.ts'
import { sendProblem } from './error-handler.ts'
import { HttpProblem } from './problem.ts'

/**
 * Serves the built SPA from distDir: hashed assets cached for a year, the public pages prerendered
 * (decision 101), 'Page not found' with 404 where the SPA has no route, and index.html for every
 * other GET that is not an API path, so the client router can answer it. Without an SPA
 * (API-only), every unknown address is the 404 problem.
 */
export async function installSpa(
  app: FastifyInstance,
  distDir: string | undefined,
  clientConfig: components['schemas']['ClientConfig'],
  /** The site's address, for the pages' canonical and hreflang links. */
  publicUrl: string,
): Promise<void> {
  const hasSpa = distDir !== undefined && existsSync(join(distDir, 'index.html'))
  const prerendered = hasSpa ? await renderPublicPages(distDir, clientConfig, publicUrl) : null
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

  // Routes of their own, so that @fastify/compress (which hooks routes) compresses them too.
  for (const [path, page] of prerendered?.pages ?? []) {
    app.get(path, (_request, reply) =>
      sendDocument(reply.header('cache-control', 'no-cache'), page),
    )
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/'
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !/^\/(api|dev|sandbox)(\/|$)/.test(path) &&
      !/\.[a-z0-9]+$/i.test(path)
    if (hasSpa && wantsPage) {
      reply.header('cache-control', 'no-cache')
      if (prerendered && !prerendered.isAppPath(path))
        return sendDocument(reply.code(404), prerendered.notFound)
      return reply.sendFile('index.html')
    }
    // The unknown path is not echoed back (docs/decisions/050).
    const notServed = /*i18n*/ {
      id: 'problem.not-served',
      message: 'Nothing is served at this address with this method.',
    }
    return sendProblem(
      reply,
      new HttpProblem(404, notServed, { errorType: 'OTHER_ERROR' }),
      request,
    )
  })
}

/** A prerendered document, its inline stylesheet allowed by the CSP the request was given. */
function sendDocument(reply: FastifyReply, page: PrerenderedDocument) {
  const csp = reply.getHeader('content-security-policy')
  if (typeof csp === 'string')
    void reply.header('content-security-policy', allowingStyle(csp, page.styleHash))
  return reply.type('text/html; charset=utf-8').send(page.html)
}
