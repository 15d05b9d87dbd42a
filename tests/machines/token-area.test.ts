import { describe, expect, it } from 'vitest'
import { tokenArea } from '../../src/api/token-area'

/** A JWT-shaped token with this payload (the signature is never checked here). */
const tokenWith = (payload: unknown) =>
  ['{"alg":"HS256","typ":"JWT"}', JSON.stringify(payload)]
    .map((part) => Buffer.from(part).toString('base64url'))
    .concat('c2lnbmF0dXJl')
    .join('.')

describe('tokenArea: which part of the product an access token opens', () => {
  it('is staff only for a payload with "scp": "staff"', () => {
    expect(tokenArea(tokenWith({ sub: 'x', scp: 'staff' }))).toBe('staff')
    // Payloads whose base64url uses '-' and '_' and needs no padding decode too.
    expect(tokenArea(tokenWith({ sub: 'ą?>>~~', scp: 'staff', n: 1 }))).toBe('staff')
  })

  it('is customer for any other token, or none', () => {
    expect(tokenArea(tokenWith({ sub: 'x' }))).toBe('customer')
    expect(tokenArea(tokenWith({ sub: 'x', scp: 'customer' }))).toBe('customer')
    expect(tokenArea(tokenWith({ scp: ['staff'] }))).toBe('customer')
    expect(tokenArea(tokenWith('staff'))).toBe('customer')
    expect(tokenArea('access-1')).toBe('customer')
    expect(tokenArea('a.%%%.b')).toBe('customer')
    expect(tokenArea(`a.${Buffer.from('not json').toString('base64url')}.b`)).toBe('customer')
    expect(tokenArea(null)).toBe('customer')
    expect(tokenArea('')).toBe('customer')
  })
})
