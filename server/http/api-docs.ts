/**
 * The API reference at /api/docs (docs/decisions/095): Scalar's prebuilt standalone browser bundle,
 * served from node_modules by this server, rendering openapi/main.yaml as this server serves it.
 * Nothing is fetched from another origin: the page's own CSP (security-headers.ts) allows scripts,
 * styles, fonts and requests from 'self' only, and the configuration below turns off what would
 * reach Scalar's hosts (its web fonts, telemetry, the test-request client and its proxy).
 */
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { mainSpecPath } from './contract.ts'

const require = createRequire(import.meta.url)

export const apiDocsPath = '/api/docs'
export const apiDocsSpecPath = `${apiDocsPath}/openapi.yaml`
const configScriptPath = `${apiDocsPath}/scalar-config.js`

/** The addresses whose answers carry the API reference's own CSP (security-headers.ts). */
export const apiDocsPaths = /^\/api\/docs(\/|$|\?)/

/**
 * Read on the first request, not when the app is built: most processes (tests, API-only nodes)
 * never serve the reference, and the bundle is several megabytes.
 */
interface Bundle {
  path: string
  bytes: Buffer
  /** Compressed once (brotli quality 9, ~0.5 s on a worker thread), then served from memory. */
  encoded: Partial<Record<'br' | 'gzip', Promise<Buffer>>>
}

let bundle: Bundle | undefined

function scalarBundle(): Bundle {
  if (bundle) return bundle
  const bytes = readFileSync(require.resolve('@scalar/api-reference/browser/standalone.js'))
  // The address names the content, so browsers may keep it for a year.
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 12)
  bundle = { path: `${apiDocsPath}/scalar-${hash}.js`, bytes, encoded: {} }
  return bundle
}

const compressBrotli = promisify(brotliCompress)
const compressGzip = promisify(gzip)

function encoded(b: Bundle, encoding: 'br' | 'gzip'): Promise<Buffer> {
  b.encoded[encoding] ??=
    encoding === 'br'
      ? compressBrotli(b.bytes, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: 9,
            [constants.BROTLI_PARAM_SIZE_HINT]: b.bytes.length,
          },
        })
      : compressGzip(b.bytes, { level: 9 })
  return b.encoded[encoding]
}

function acceptedEncoding(request: FastifyRequest): 'br' | 'gzip' | undefined {
  const accepted = (request.headers['accept-encoding'] ?? '')
    .split(',')
    .map((part) => part.trim().split(';'))
    .filter(([, q]) => q === undefined || !/^\s*q=0(\.0*)?\s*$/.test(q))
    .map(([name]) => name?.trim().toLowerCase())
  if (accepted.includes('br')) return 'br'
  if (accepted.includes('gzip')) return 'gzip'
  return undefined
}

/**
 * What Scalar is told (mounted on #reference: an element with the id api-reference would also be
 * mounted by the bundle itself, with Scalar's defaults): the contract from this server, no fonts from fonts.scalar.com, no
 * telemetry, no test-request client (its requests go through proxy.scalar.com), no agent chat and
 * no developer toolbar. A file, not an inline script: the page's CSP allows scripts from 'self'
 * only.
 */
const configScript = `Scalar.createApiReference('#reference', ${JSON.stringify({
  url: apiDocsSpecPath,
  withDefaultFonts: false,
  telemetry: false,
  hideClientButton: true,
  hideTestRequestButton: true,
  showDeveloperTools: 'never',
  agent: { disabled: true },
  documentDownloadType: 'yaml',
  defaultOpenAllTags: true,
})})\n`

function page(scriptPath: string): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Exchange main API — reference</title>
    <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
  </head>
  <body>
    <div id="reference"></div>
    <script src="${scriptPath}"></script>
    <script src="${configScriptPath}"></script>
  </body>
</html>
`
}

async function sendBundle(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  const b = scalarBundle()
  void reply
    .type('text/javascript; charset=utf-8')
    .header('cache-control', 'public, max-age=31536000, immutable')
    .header('vary', 'accept-encoding')
  const encoding = acceptedEncoding(request)
  if (encoding === undefined) return reply.send(b.bytes)
  const body = await encoded(b, encoding)
  // Already compressed: @fastify/compress leaves an answer with a Content-Encoding alone.
  return reply.header('content-encoding', encoding).send(body)
}

/** GET /api/docs, the contract it renders and the renderer's files; none is a contract operation. */
export function installApiDocs(app: FastifyInstance): void {
  const contract = readFileSync(mainSpecPath, 'utf8')
  app.get(apiDocsPath, (_request, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(page(scalarBundle().path)),
  )
  app.get(apiDocsSpecPath, (_request, reply) =>
    reply
      .type('application/yaml; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(contract),
  )
  app.get(configScriptPath, (_request, reply) =>
    reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(configScript),
  )
  app.get(`${apiDocsPath}/:file`, (request, reply) => {
    const { file } = request.params as { file: string }
    if (`${apiDocsPath}/${file}` === scalarBundle().path) return sendBundle(request, reply)
    reply.callNotFound()
    return reply
  })
}
