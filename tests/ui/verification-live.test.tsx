import { act, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { flush, renderSignedIn, sandboxConfig } from './home-support'
import { json } from './support/fake-api'

const SDK_ORIGIN = 'https://websdk.example.test'
const liveConfig = { ...sandboxConfig, providers: 'live' as const, sumsubBaseUrl: SDK_ORIGIN }
delete (liveConfig as { sumsubSandboxUrl?: string }).sumsubSandboxUrl

describe('live mode: the Sumsub WebSDK (docs/product/providers/sumsub.md#websdk-react-package, docs/product/providers/sumsub.md#token-renewal)', () => {
  it('embeds the WebSDK, renews an expired token through its expirationHandler, and follows its status', async () => {
    const issued = ['live-token-1', 'live-token-2']
    const app = await renderSignedIn('/app/verification', {
      config: liveConfig,
      prepare: (api) => {
        api.on('GET', '/api/sumsub/kyc-status', () =>
          json(200, { kycReviewStatus: 'init', kycReviewResult: null }),
        )
        api.on('GET', '/api/sumsub/kyb-status', () =>
          json(200, { kybReviewStatus: null, kybReviewResult: null }),
        )
        api.on('POST', '/api/sumsub/kyc', () => json(200, { token: issued.shift() }))
      },
    })
    const card = within(await screen.findByRole('region', { name: 'Personal account (KYC)' }))
    await app.user.click(await card.findByRole('button', { name: 'Continue' }))

    // The SDK (loaded on demand) frames its page at the configured origin. Each frame it makes
    // says `idCheck.onReady` once its page has loaded, as the real frame page does: StrictMode
    // and the lazy load may replace a frame, and only the one that stays gets its init.
    const frameId = `id_${btoa('live-token-1')}`
    const posted = vi.fn()
    const loaded = new Set<Window>()
    let current: Window | undefined
    const sdkPostsFrom = (source: Window, data: Record<string, unknown>) => {
      act(() => {
        window.dispatchEvent(
          new MessageEvent('message', {
            data: { frameId, sessionId: 's-1', ...data },
            origin: SDK_ORIGIN,
            source,
          }),
        )
      })
    }
    const framesLoad = () => {
      const frames = document.querySelectorAll<HTMLIFrameElement>('iframe[src^="https://websdk"]')
      for (const frame of frames) {
        const target = frame.contentWindow
        if (!target || loaded.has(target)) continue
        expect(frame.getAttribute('src')).toBe(`${SDK_ORIGIN}/websdk/websdk.html?_=${frameId}`)
        loaded.add(target)
        target.postMessage = posted as typeof target.postMessage
        sdkPostsFrom(target, { method: 'idCheck.onReady' })
      }
    }
    await flush()
    await waitFor(() => {
      framesLoad()
      const inits = posted.mock.calls.flatMap((call, n) =>
        (call[0] as { method?: string }).method === 'idCheck.init'
          ? [posted.mock.contexts[n] as Window]
          : [],
      )
      const init = inits.at(-1)
      expect(init).toBeDefined()
      current = init
    })
    expect(posted).toHaveBeenCalledWith(
      expect.objectContaining({ method: 'idCheck.init', accessToken: 'live-token-1' }),
      '*',
    )
    expect(document.querySelectorAll('iframe[src^="https://websdk"]')).toHaveLength(1)
    const sdkPosts = (data: Record<string, unknown>) => {
      if (!current) throw new Error('no frame has been initialised')
      sdkPostsFrom(current, data)
    }

    // The token expires: the chart fetches a new one and the SDK hands it to its frame.
    sdkPosts({ method: 'idCheck.onError', code: 'invalid-token', error: 'expired' })
    await waitFor(() => {
      expect(posted).toHaveBeenCalledWith(
        { method: 'idCheck.updateAccessToken', accessToken: 'live-token-2' },
        '*',
      )
    })
    expect(app.api.count('POST', '/api/sumsub/kyc')).toBe(2)

    // A status the SDK reports changes the button at once.
    sdkPosts({
      method: 'idCheck.onApplicantStatusChanged',
      reviewStatus: 'completed',
      reviewResult: { reviewAnswer: 'GREEN' },
    })
    expect(
      (await card.findByRole('button', { name: 'Completed: approved' })).hasAttribute('disabled'),
    ).toBe(true)
    // Exit closes the check; the label stays until the next poll reads the server's answer.
    await app.user.click(screen.getByRole('button', { name: 'Exit' }))
    expect(document.querySelector('iframe')).toBeNull()
    expect(card.getByRole('button', { name: 'Completed: approved' })).toBeTruthy()
    app.unmount()
  })
})
