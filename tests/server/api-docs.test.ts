/**
 * The API reference at /api/docs (decision 095): a page whose scripts are all served by this
 * server, the contract it renders, and a CSP of its own that loosens nothing anywhere else.
 */
import { readFileSync } from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { mainSpecPath } from '../../server/http/contract.ts'
import { startTestServer, type TestServer } from './support/test-server.ts'

const require = createRequire(import.meta.url)
const scalarBundle = readFileSync(require.resolve('@scalar/api-reference/browser/standalone.js'))

function directives(csp: string | null): Map<string, string[]> {
  return new Map(
    (csp ?? '')
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name ?? '', values]),
  )
}

function scriptSources(html: string): string[] {
  return [...html.matchAll(/<script\b[^>]*>/g)].map((tag) => {
    const src = /\ssrc="([^"]*)"/.exec(tag[0])?.[1]
    if (src === undefined) throw new Error(`an inline script: ${tag[0]}`)
    return src
  })
}

describe('the API reference (/api/docs)', () => {
  let server: TestServer
  let spaDir: string

  beforeAll(async () => {
    spaDir = await mkdtemp(join(tmpdir(), 'spa-'))
    await writeFile(join(spaDir, 'index.html'), '<!doctype html><title>SPA</title>')
    server = await startTestServer('pglite', { spaDir })
  })
  afterAll(async () => {
    await server.stop()
    await rm(spaDir, { recursive: true, force: true })
  })

  it('is an HTML page whose scripts are files of this origin, the renderer and its settings', async () => {
    const page = await fetch(`${server.url}/api/docs`)
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8')
    const html = await page.text()
    expect(html).not.toMatch(/https?:\/\/|\/\/[a-z]/i)
    expect(html).not.toMatch(/<style\b|\sstyle=/i)
    // The one link is the site's icon, from this origin.
    expect([...html.matchAll(/<link\b[^>]*>/g)].map(([tag]) => tag)).toEqual([
      '<link rel="icon" href="/favicon.svg" type="image/svg+xml" />',
    ])
    const sources = scriptSources(html)
    expect(sources).toHaveLength(2)
    for (const src of sources) expect(src).toMatch(/^\/api\/docs\/[a-z0-9-]+\.js$/)

    const [bundleSrc = '', configSrc = ''] = sources
    const bundle = await fetch(server.url + bundleSrc, { headers: { 'accept-encoding': 'br' } })
    expect(bundle.status).toBe(200)
    expect(bundle.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    expect(bundle.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    // Node's fetch decodes the body itself; the bytes on the wire are checked below.
    expect(Buffer.from(await bundle.arrayBuffer()).equals(scalarBundle)).toBe(true)

    const config = await fetch(server.url + configSrc)
    expect(config.status).toBe(200)
    expect(config.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    const settings = await config.text()
    expect(settings).toContain('"url":"/api/docs/openapi.yaml"')
    expect(settings).toContain('"withDefaultFonts":false')
    expect(settings).toContain('"telemetry":false')
  })

  it('sends the renderer compressed once, as brotli, gzip or as it is', async () => {
    const html = await (await fetch(`${server.url}/api/docs`)).text()
    const [bundleSrc = ''] = scriptSources(html)
    const inject = async (acceptEncoding: string) => {
      const response = await server.running.app.inject({
        method: 'GET',
        url: bundleSrc,
        headers: { 'accept-encoding': acceptEncoding },
      })
      return { ...response, bytes: response.rawPayload }
    }
    const br = await inject('gzip, deflate, br')
    expect(br.statusCode).toBe(200)
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.bytes.length).toBeLessThan(scalarBundle.length / 3)
    expect(brotliDecompressSync(br.bytes).equals(scalarBundle)).toBe(true)

    const gzip = await inject('gzip')
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gzip.bytes).equals(scalarBundle)).toBe(true)

    const plain = await inject('identity')
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.bytes.equals(scalarBundle)).toBe(true)
    console.log(
      `API reference renderer: ${scalarBundle.length} bytes, ${br.bytes.length} as brotli, ${gzip.bytes.length} as gzip`,
    )
  })

  it('serves the contract it renders, byte for byte', async () => {
    const spec = await fetch(`${server.url}/api/docs/openapi.yaml`)
    expect(spec.status).toBe(200)
    expect(spec.headers.get('content-type')).toBe('application/yaml; charset=utf-8')
    const text = await spec.text()
    expect(text).toBe(readFileSync(mainSpecPath, 'utf8'))
    const contract = parse(text) as { paths: Record<string, { post?: { summary?: string } }> }
    expect(contract.paths['/api/auth/login']?.post?.summary).toBe('Log in with e-mail and password')
  })

  it('has a CSP of its own: everything from this origin, inline styles on its page only', async () => {
    for (const path of ['/api/docs', '/api/docs/openapi.yaml']) {
      const csp = directives(
        (await fetch(server.url + path)).headers.get('content-security-policy'),
      )
      expect(csp.get('default-src')).toEqual(["'self'"])
      expect(csp.get('script-src')).toEqual(["'self'"])
      expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"])
      expect(csp.get('connect-src')).toEqual(["'self'"])
      expect(csp.get('img-src')).toEqual(["'self'", 'data:'])
      expect(csp.get('font-src')).toEqual(["'self'", 'data:'])
      expect(csp.get('frame-src')).toEqual(["'none'"])
      expect(csp.get('object-src')).toEqual(["'none'"])
      expect(csp.get('base-uri')).toEqual(["'self'"])
      expect(csp.get('frame-ancestors')).toEqual(["'self'"])
    }
    // The rest of the app keeps its strict policy: no inline style, no inline script.
    for (const path of ['/', '/app/login', '/api/health', '/api/docsx', '/api/users/profile']) {
      const csp = directives(
        (await fetch(server.url + path)).headers.get('content-security-policy'),
      )
      expect(csp.get('default-src'), path).toEqual(["'self'"])
      expect(csp.get('style-src'), path).not.toContain("'unsafe-inline'")
      expect(csp.get('script-src'), path).not.toContain("'unsafe-inline'")
      // Inline styles only by hash: here, the prerendered pages' (this stand-in build has none).
      for (const source of csp.get('style-src') ?? [])
        expect(source, path).toMatch(/^('self'|https:\/\/[\w.-]+|'sha256-[\w+/=]+')$/)
    }
  })

  it('answers the 404 problem at any other address under /api/docs', async () => {
    for (const path of ['/api/docs/unknown.js', '/api/docs/scalar-000000000000.js']) {
      const response = await server.api('GET', path)
      expect(response.status, path).toBe(404)
      expect(response.headers.get('content-type'), path).toMatch(/^application\/problem\+json/)
    }
  })
})
