/**
 * Our team's open request on the verification page (docs/product/screens.md#verification-page):
 * what is asked, the note and the date show above the cards and their buttons, the buttons keep
 * their labels, and the next 60 s poll takes the request away once it is fulfilled or withdrawn.
 */
import { act, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { STATUS_POLL_MS } from '../../src/machines/verification/verification.machine'
import { requestedLine } from '../../src/ui/account/verification-page'
import { renderSignedIn } from './home-support'
import { json } from './support/fake-api'

const NOTE = 'Please verify your company.\nWe need the register extract for larger amounts.'
const ASKED = '2026-11-27T09:30:00.000Z'

async function settle(rounds = 5) {
  for (let i = 0; i < rounds; i++) {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0)
    })
  }
}

describe('the open verification request on /app/verification', () => {
  beforeEach(() => {
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
    })
    vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) })
  })
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.useRealTimers()
  })

  it('shows kind, note and date above the buttons, until a poll no longer has it', async () => {
    let open = true
    await renderSignedIn('/app/verification', {
      user: { advanceTimers: (ms) => vi.advanceTimersByTime(ms) },
      prepare: (api) => {
        api.on('GET', '/api/sumsub/kyc-status', () =>
          json(200, { kycReviewStatus: null, kycReviewResult: null }),
        )
        api.on('GET', '/api/sumsub/kyb-status', () =>
          json(200, {
            kybReviewStatus: 'init',
            kybReviewResult: null,
            ...(open ? { kybRequest: { kind: 'KYB', note: NOTE, requestedAt: ASKED } } : {}),
          }),
        )
      },
    })
    await settle()

    const notes = screen.getAllByRole('note')
    expect(notes).toHaveLength(1)
    const note = notes[0] as HTMLElement
    expect(within(note).getByText(requestedLine('kyb', ASKED))).toBeTruthy()
    expect(requestedLine('kyb', ASKED)).toMatch(
      /^Our team asks you for the Business check \(KYB\), requested on .*2026/,
    )
    expect(note.textContent).toContain(NOTE.split('\n')[1])
    // Above the cards and their buttons; the buttons keep their labels.
    const kyb = screen.getByRole('region', { name: 'Business account (KYB)' })
    const button = within(kyb).getByRole('button')
    expect(note.compareDocumentPosition(button) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    expect(button.textContent).toBe('Continue')
    expect(
      within(screen.getByRole('region', { name: 'Personal account (KYC)' })).getByRole('button')
        .textContent,
    ).toBe('Start')

    // Fulfilled or withdrawn: the next poll, 60 s later, no longer shows it.
    open = false
    await act(async () => {
      await vi.advanceTimersByTimeAsync(STATUS_POLL_MS)
    })
    await settle()
    expect(screen.queryAllByRole('note')).toHaveLength(0)
    expect(within(kyb).getByRole('button').textContent).toBe('Continue')
  })
})
