/**
 * A customer whose account is on hold (docs/product/errors.md#account-on-hold): the quote dialog
 * and the payment widget's start say so with the neutral message that asks them to contact
 * support, instead of "try again"; nothing else the server might know is shown.
 */
import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { PAYMENT_ERRORS } from '../../src/ui/account/home-page'
import { ACCOUNT_ON_HOLD_TEXT, QUOTE_FAILURE } from '../../src/ui/account/quote-dialog'
import { flush, renderSignedIn } from './home-support'
import { problem } from './support/fake-api'

const onHold = () => problem('ACCOUNT_ON_HOLD', 403)

describe('an account on hold', () => {
  it('shows the contact-support message where a quote request is refused', async () => {
    const app = await renderSignedIn('/app', {
      prepare: (api) => api.on('POST', '/api/exchange-request', onHold),
    })
    await app.user.click(await screen.findByRole('button', { name: 'Get a quote' }))
    const dialog = within(await screen.findByRole('dialog'))
    await app.user.click(dialog.getByRole('button', { name: 'Next' }))
    await app.user.click(await dialog.findByRole('button', { name: 'Request a quote' }))
    await flush()
    expect((await dialog.findByRole('alert')).textContent).toBe(ACCOUNT_ON_HOLD_TEXT)
    expect(ACCOUNT_ON_HOLD_TEXT).toBe(
      'We cannot take this request right now. Please contact support.',
    )
    expect(ACCOUNT_ON_HOLD_TEXT).not.toBe(QUOTE_FAILURE)
    // Still on the contact step: the customer can close the dialog.
    expect(dialog.getByRole('heading', { name: 'Contact information' })).toBeTruthy()
  })

  it('shows the contact-support message where the payment widget cannot start', async () => {
    const app = await renderSignedIn('/app', {
      prepare: (api) => api.on('POST', '/api/paybis/createRequest', onHold),
    })
    await app.user.click(await screen.findByRole('button', { name: 'Exchange now' }))
    await flush()
    expect((await screen.findByRole('alert')).textContent).toBe(ACCOUNT_ON_HOLD_TEXT)
    expect(PAYMENT_ERRORS['on-hold']).toBe(ACCOUNT_ON_HOLD_TEXT)
    expect(screen.queryByRole('dialog', { name: 'Fast exchange' })).toBeNull()
  })
})
