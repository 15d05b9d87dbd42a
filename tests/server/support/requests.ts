/** A customer's quote request, as the tests that need one on the desk submit it. */
import { expect } from 'vitest'
import type { HttpTarget } from './test-server.ts'

/** POST /api/exchange-request: 1000 EUR to BTC for `email`; the new request's id. */
export async function submitRequest(
  server: HttpTarget,
  auth: Record<string, string>,
  email: string,
): Promise<string> {
  const created = await server.api(
    'POST',
    '/api/exchange-request',
    {
      fromCurrency: 'EUR',
      toCurrency: 'BTC',
      amount: 1000,
      name: 'Anna Kowalska',
      email,
      phone: '',
      country: 'PL',
      message: '',
    },
    auth,
  )
  expect(created.status, created.text).toBe(201)
  return (created.body as { id: string }).id
}
