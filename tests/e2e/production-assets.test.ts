/**
 * What the build publishes (issue 11, issue 26): no source maps, and no flow viewer unless
 * FLOWS_VIEWER names it (decision 107). The e2e build (global-setup.ts) names it, which only adds
 * dist-flows/: the customers' dist/ and dist-ssr/ are built without the variable, so they are the
 * files a build made without FLOWS_VIEWER holds.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startAppServer, type AppServer } from './support/app-server'

const root = fileURLToPath(new URL('../..', import.meta.url))
const dist = join(root, 'dist')

/** Every file under `dir`, with its text. */
function filesOf(dir: string): { path: string; text: string }[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => join(dir, name))
    .filter((path) => statSync(path).isFile())
    .map((path) => ({ path, text: readFileSync(path, 'latin1') }))
}

/**
 * Code only the viewer has: mermaid's own API object, the state diagrams it draws, and the
 * viewer's own texts. (Not the live inspector's channel name: the inspector ships, decision 107.)
 */
const viewerMarkers = ['mermaidAPI', 'stateDiagram-v2', 'Running actors', 'Show coverage report']

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

  it('holds no flow viewer or mermaid code in a build made without FLOWS_VIEWER', () => {
    const viewer = filesOf(`${dist}-flows`)
    // The markers are the viewer's: its own build has each of them, so none can pass by going stale.
    for (const marker of viewerMarkers)
      expect(
        viewer.some((file) => file.text.includes(marker)),
        marker,
      ).toBe(true)
    const customers = [...filesOf(dist), ...filesOf(`${dist}-ssr`)]
    expect(customers.length).toBeGreaterThan(20)
    for (const file of customers) {
      for (const marker of viewerMarkers) expect(file.text, file.path).not.toContain(marker)
      expect(file.text.toLowerCase(), file.path).not.toContain('mermaid')
    }
  })

  it('answers /flows like any unknown path unless FLOWS_VIEWER=1 names it', async () => {
    const viewerFile = filesOf(`${dist}-flows/assets`)
      .map((file) => file.path)
      .find((path) => path.endsWith('.js'))
    const assetPath = `/flows/assets/${viewerFile?.split('/').at(-1) ?? 'none.js'}`
    const unknown = await fetch(`${withoutViewer.url}/no-such-page`)
    const unknownPage = await unknown.text()
    expect(unknown.status).toBe(404)
    for (const path of ['/flows', '/flows/', '/flows?flow=auth&mode=play']) {
      const answer = await fetch(withoutViewer.url + path)
      expect(answer.status, path).toBe(404)
      expect(await answer.text(), path).toBe(unknownPage)
    }
    expect((await fetch(withoutViewer.url + assetPath)).status).toBe(404)

    const viewer = await fetch(`${withViewer.url}/flows?flow=auth`)
    expect(viewer.status).toBe(200)
    expect(await viewer.text()).toContain('<title>Flows</title>')
    expect((await fetch(withViewer.url + assetPath)).status).toBe(200)
  })
})
