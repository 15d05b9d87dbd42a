import { screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { renderApp, type RenderedApp } from './support/render-app'

let app: RenderedApp | undefined
afterEach(() => {
  app?.unmount()
  app = undefined
  window.localStorage.clear()
})

describe('routing', () => {
  it("shows 'Page not found' for an unknown path, and 'Go Home' leads to /", async () => {
    app = await renderApp('/definitely/not/here')
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy()
    await app.user.click(screen.getByRole('link', { name: 'Go Home' }))
    expect(
      await screen.findByRole('heading', { name: /^Exchange crypto with full legal compliance/ }),
    ).toBeTruthy()
    expect(app.pathname()).toBe('/')
  })

  it("answers an unknown path under /app with 'Page not found' too", async () => {
    app = await renderApp('/app/nowhere')
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy()
  })
})
