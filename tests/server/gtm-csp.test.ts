import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { captureInlineSources } from '../../scripts/csp-inline-sources.ts'
import {
  inlineSourcesFile,
  tagManagerLoaderHashes,
  type InlineSources,
} from '../../server/http/inline-sources.ts'
import { startTestServer } from './support/test-server.ts'

describe('the CSP allows the tag manager loader only for the configured container', () => {
  let sources: InlineSources
  let spaDir: string
  beforeAll(async () => {
    // What the build captures (scripts/csp-inline-sources.ts), in a stand-in build the server reads.
    sources = await captureInlineSources()
    spaDir = await mkdtemp(join(tmpdir(), 'spa-'))
    await mkdir(join(spaDir, '.vite'))
    await writeFile(join(spaDir, 'index.html'), '<!doctype html><title>SPA</title>')
    await writeFile(join(spaDir, inlineSourcesFile), JSON.stringify(sources))
  })
  afterAll(async () => {
    await rm(spaDir, { recursive: true, force: true })
  })

  it('hashes exactly the loader react-gtm-module inserts (value computed in the browser test)', () => {
    expect(tagManagerLoaderHashes(sources, 'GTM-TEST123')).toEqual([
      "'sha256-ldJSHxRLnJf9hDScvon1onfcxHUiaK6gSGmzdz9BbZY='",
    ])
  })

  it('puts the hash in script-src when GTM_CONTAINER_ID is set, and nothing inline otherwise', async () => {
    const withGtm = await startTestServer('pglite', {
      env: { GTM_CONTAINER_ID: 'GTM-TEST123' },
      spaDir,
    })
    const without = await startTestServer('pglite', { spaDir })
    try {
      const csp = async (url: string) =>
        (await fetch(`${url}/api/health`)).headers.get('content-security-policy') ?? ''
      expect(await csp(withGtm.url)).toContain(tagManagerLoaderHashes(sources, 'GTM-TEST123')[0])
      const scriptSrc = (policy: string) => /script-src [^;]*/.exec(policy)?.[0] ?? ''
      expect(scriptSrc(await csp(without.url))).not.toContain('sha256-')
    } finally {
      await withGtm.stop()
      await without.stop()
    }
  })
})
