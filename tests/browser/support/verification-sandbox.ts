/**
 * The Sumsub sandbox driven from outside the page: the review of a customer's applicant moved on
 * elsewhere (another device), through the same calls the sandbox verification page makes.
 */
import { expect } from 'vitest'
import type { VerificationKind, VerificationStatus } from '../../../domain/verification'
import type { BrowserLevel } from './flow-page'

/**
 * Brings the customer's applicant of `kind` to `status` as the customer would in the widget on
 * another device: a WebSDK token from our server, then the page's load (which creates the
 * applicant, init), Submit documents (pending), Approve or Reject (completed GREEN or RED). Each
 * step's webhook reaches our server before the call answers.
 */
export async function reviewElsewhere(
  level: BrowserLevel,
  bearer: string,
  kind: VerificationKind,
  status: VerificationStatus,
): Promise<void> {
  if (status.reviewStatus === null) return
  const minted = await fetch(level.url(`/api/sumsub/${kind}`), {
    method: 'POST',
    headers: { authorization: `Bearer ${bearer}` },
  })
  expect(minted.status).toBe(200)
  const { token } = (await minted.json()) as { token: string }
  const call = async (action: 'load' | 'submit' | 'approve' | 'reject') => {
    const answer = await fetch(level.url(`/sandbox/sumsub/websdk/api/${action}`), {
      method: 'POST',
      headers: { 'x-access-token': token },
    })
    expect(answer.status).toBe(200)
    return (await answer.json()) as { reviewStatus: string; webhookStatus?: number }
  }
  await call('load')
  if (status.reviewStatus === 'pending') await call('submit')
  if (status.reviewStatus === 'completed')
    await call(status.reviewAnswer === 'GREEN' ? 'approve' : 'reject')
}
