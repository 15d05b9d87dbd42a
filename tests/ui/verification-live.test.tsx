import { act, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { renderSignedIn, sandboxConfig } from './home-support'
import { json } from './support/fake-api'

// The page loads the SDK's code on demand, as a browser fetches a chunk: the test holds that load
// until it releases it inside act(), so React finishes the mount it causes (StrictMode's unmount
// and remount included) before the test looks for the frame. Without the hold, the frame could be
// replaced after the test had picked it, whenever the machine was busy.
const sdkLoad = vi.hoisted(() => {
  let release = () => {}
  const loaded = new Promise<void>((resolve) => {
    release = resolve
  })
  return { loaded, release }
})
vi.mock('@sumsub/websdk-react', async (importOriginal) => {
  const real = await importOriginal<typeof import('@sumsub/websdk-react')>()
  await sdkLoad.loaded
  return real
})

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

    // While the SDK's code loads, the check says so; then it frames its page at the configured
    // origin, which says `idCheck.onReady` once loaded, as the real frame page does.
    expect((await screen.findByText('Loading…')).getAttribute('role')).toBe('status')
    await act(async () => {
      sdkLoad.release()
      await import('@sumsub/websdk-react')
    })
    const frames = document.querySelectorAll<HTMLIFrameElement>('iframe[src^="https://websdk"]')
    expect(frames).toHaveLength(1)
    const frameId = `id_${btoa('live-token-1')}`
    expect(frames[0]?.getAttribute('src')).toBe(`${SDK_ORIGIN}/websdk/websdk.html?_=${frameId}`)
    const frame = frames[0]?.contentWindow
    if (!frame) throw new Error('the SDK frame has no window')
    const posted = vi.fn()
    frame.postMessage = posted as typeof frame.postMessage
    const sdkPosts = (data: Record<string, unknown>) => {
      act(() => {
        window.dispatchEvent(
          new MessageEvent('message', {
            data: { frameId, sessionId: 's-1', ...data },
            origin: SDK_ORIGIN,
            source: frame,
          }),
        )
      })
    }
    sdkPosts({ method: 'idCheck.onReady' })
    expect(posted).toHaveBeenCalledWith(
      expect.objectContaining({ method: 'idCheck.init', accessToken: 'live-token-1' }),
      '*',
    )

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
