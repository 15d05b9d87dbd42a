/** A customer's quote request, as the tests that need one on the desk submit it. */
import { expect } from 'vitest'
import type { HttpTarget } from './test-server.ts'

/** A quote request's body: 1000 EUR to BTC, its contact address `email`. */
export const requestBody = (email: string) => ({
  fromCurrency: 'EUR',
  toCurrency: 'BTC',
  amount: 1000,
  name: 'Anna Kowalska',
  email,
  phone: '',
  country: 'PL',
  message: '',
})

/** POST /api/exchange-request with `requestBody(email)`; the new request's id. */
export async function submitRequest(
  server: HttpTarget,
  auth: Record<string, string>,
  email: string,
): Promise<string> {
  const created = await server.api('POST', '/api/exchange-request', requestBody(email), auth)
  expect(created.status, created.text).toBe(201)
  return (created.body as { id: string }).id
}
