import { describe, expect, it } from 'vitest'
import { gtmLoaderHash } from '../../server/http/security-headers.ts'
import { startTestServer } from './support/test-server.ts'

describe('the CSP allows the tag manager loader only for the configured container', () => {
  it('hashes exactly the loader react-gtm-module inserts (value computed in the browser test)', () => {
    expect(gtmLoaderHash('GTM-TEST123')).toBe(
      "'sha256-ldJSHxRLnJf9hDScvon1onfcxHUiaK6gSGmzdz9BbZY='",
    )
  })

  it('puts the hash in script-src when GTM_CONTAINER_ID is set, and nothing inline otherwise', async () => {
    const withGtm = await startTestServer('pglite', { env: { GTM_CONTAINER_ID: 'GTM-TEST123' } })
    const without = await startTestServer('pglite')
    try {
      const csp = async (url: string) =>
        (await fetch(`${url}/api/health`)).headers.get('content-security-policy') ?? ''
      expect(await csp(withGtm.url)).toContain(gtmLoaderHash('GTM-TEST123'))
      const scriptSrc = (policy: string) => /script-src [^;]*/.exec(policy)?.[0] ?? ''
      expect(scriptSrc(await csp(without.url))).not.toContain('sha256-')
    } finally {
      await withGtm.stop()
      await without.stop()
    }
  })
})
