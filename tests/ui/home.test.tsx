import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { anna, renderSignedIn } from './home-support'
import { problem } from './support/fake-api'

describe('home (docs/product/screens.md#home)', () => {
  it('greets by first name and offers the three services', async () => {
    const app = await renderSignedIn('/app')
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Anna' })).toBeTruthy()
    expect(screen.getByText('What can we do for you today?')).toBeTruthy()
    const offers = screen.getAllByRole('listitem')
    expect(offers).toHaveLength(3)
    const [first, quote, fast] = offers.map((offer) => within(offer))
    expect(first?.getByText(/€1000/)).toBeTruthy()
    expect(first?.getByRole('button', { name: 'Explore the service' })).toBeTruthy()
    expect(quote?.getByRole('heading', { name: 'Get a personal quote' })).toBeTruthy()
    expect(quote?.getByText(/€10,000/)).toBeTruthy()
    expect(quote?.getByRole('button', { name: 'Get a quote' })).toBeTruthy()
    expect(fast?.getByRole('heading', { name: 'Fast exchange' })).toBeTruthy()
    expect(fast?.getByText(/€100\b/)).toBeTruthy()
    expect(fast?.getByText(/credit card, bank\s+transfer and other methods/)).toBeTruthy()
    expect(fast?.getByRole('button', { name: 'Exchange now' })).toBeTruthy()
    app.unmount()
  })

  it("says only 'Welcome' while the first name is unknown", async () => {
    const app = await renderSignedIn('/app', { profile: { ...anna, firstName: '' } })
    expect(await screen.findByText(anna.email)).toBeTruthy()
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Welcome')
    app.unmount()
  })

  it("'Get a quote' and 'Explore the service' both open the quote dialog", async () => {
    const app = await renderSignedIn('/app')
    await screen.findByRole('heading', { name: 'Welcome, Anna' })
    for (const name of ['Get a quote', 'Explore the service']) {
      await app.user.click(screen.getByRole('button', { name }))
      const dialog = screen.getByRole('dialog', { name: 'Request personal quote' })
      expect(within(dialog).getByRole('heading', { name: 'Calculation' })).toBeTruthy()
      await app.user.click(within(dialog).getByRole('button', { name: 'Close' }))
      expect(screen.queryByRole('dialog')).toBeNull()
    }
    app.unmount()
  })

  it('shows the application error page when the profile cannot be read, instead of a blank greeting', async () => {
    const app = await renderSignedIn('/app', {
      prepare: (api) => api.on('GET', '/api/users/profile', () => problem('OTHER_ERROR', 503)),
    })
    expect(
      await screen.findByRole('heading', { name: 'Unexpected Application Error!' }),
    ).toBeTruthy()
    expect(screen.getByText('Something went wrong on our side. Please try again.')).toBeTruthy()
    expect(screen.queryByRole('heading', { name: /^Welcome/ })).toBeNull()
    app.unmount()
  })
})
