/**
 * What the built SPA publishes (issue 11): no source maps, and the flow viewer's code only where
 * FLOWS_VIEWER names it. Read over HTTP from the server as `npm start` runs it.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { flowViewerOnlyFiles } from '../../server/http/flow-viewer-assets.ts'
import { startAppServer, type AppServer } from './support/app-server'

const dist = fileURLToPath(new URL('../../dist', import.meta.url))
const manifest = JSON.parse(readFileSync(`${dist}/.vite/manifest.json`, 'utf8')) as Parameters<
  typeof flowViewerOnlyFiles
>[0]

describe('the built SPA as served', () => {
  let withViewer: AppServer
  let withoutViewer: AppServer
  beforeAll(async () => {
    withViewer = await startAppServer({ FLOWS_VIEWER: '1' })
    withoutViewer = await startAppServer({ FLOWS_VIEWER: '0' })
  })
  afterAll(async () => {
    await withViewer.stop()
    await withoutViewer.stop()
  })

  it('has no source map, in the build or in what it serves', async () => {
    expect(readdirSync(`${dist}/assets`).filter((file) => file.endsWith('.map'))).toEqual([])
    const page = await (await fetch(`${withoutViewer.url}/`)).text()
    const scripts = [...page.matchAll(/src="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1] ?? '')
    expect(scripts.length).toBeGreaterThan(0)
    for (const script of scripts) {
      const code = await (await fetch(withoutViewer.url + script)).text()
      expect(code).not.toContain('sourceMappingURL')
    }
  })

  it("serves the flow viewer's code only with FLOWS_VIEWER=1", async () => {
    const viewerFiles = [...flowViewerOnlyFiles(manifest)]
    // The viewer's route and mermaid, at least.
    expect(viewerFiles.some((file) => /\/flows-[\w-]+\.js$/.test(file))).toBe(true)
    expect(viewerFiles.length).toBeGreaterThan(10)
    for (const file of viewerFiles.slice(0, 20)) {
      expect((await fetch(withoutViewer.url + file)).status, file).toBe(404)
      expect((await fetch(withViewer.url + file)).status, file).toBe(200)
    }
    // The customer's code is served either way.
    const page = await (await fetch(`${withoutViewer.url}/`)).text()
    const entry = /src="(\/assets\/index-[^"]+\.js)"/.exec(page)?.[1] ?? ''
    expect((await fetch(withoutViewer.url + entry)).status).toBe(200)
  })
})
