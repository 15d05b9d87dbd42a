/**
 * The API's problems in the caller's language (docs/product/languages.md#the-apis-answers): the
 * `detail`, and a weak password's reason, are written in the first language of `Accept-Language`
 * the product speaks, which `Content-Language` names; English otherwise. Machine-read parts
 * (`type`, `title`, `errorType`, `code`) never change. A broken header is read as none.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { answerLocale } from '../../server/i18n/accept-language.ts'
import { bearer, expectProblem, uniqueEmail, verifiedUser } from './support/accounts.ts'
import { submitRequest } from './support/requests.ts'
import { staffOn } from './support/staff.ts'
import { startTestServer, type TestServer } from './support/test-server.ts'

describe('the language of an answer', () => {
  it.each([
    [undefined, 'en'],
    ['', 'en'],
    ['pl', 'pl'],
    ['PL', 'pl'],
    ['pl-PL,pl;q=0.9,en-US;q=0.8,en;q=0.7', 'pl'],
    ['en-GB,en;q=0.9,pl;q=0.8', 'en'],
    ['de-DE,de;q=0.9,pl;q=0.5', 'pl'],
    ['de, fr', 'en'],
    ['en;q=0.2, pl;q=0.8', 'pl'],
    ['pl;q=0, en', 'en'],
    ['*', 'en'],
    [';;;q=abc,,pl-', 'pl'],
    ['pl;q=banana', 'pl'],
    [['de', 'pl'], 'pl'],
    [`pl,${'x'.repeat(2000)}`, 'en'],
  ] as const)('%j is answered in %s', (header, locale) => {
    expect(answerLocale(header as string | string[] | undefined)).toBe(locale)
  })
})

describe('problems in Polish and English', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer('pglite')
  })
  afterAll(() => server.stop())

  const polish = { 'accept-language': 'pl-PL,pl;q=0.9,en;q=0.8' }

  it('writes a wrong password’s refusal in the language asked for', async () => {
    const body = { email: uniqueEmail(), password: 'wrong-password-1' }
    const english = await server.api('POST', '/api/auth/login', body)
    expect(expectProblem(english, 401, 'INVALID_CREDENTIALS').detail).toBe(
      'The e-mail or the password is wrong.',
    )
    expect(english.headers.get('content-language')).toBe('en')

    const inPolish = await server.api('POST', '/api/auth/login', body, polish)
    const problem = expectProblem(inPolish, 401, 'INVALID_CREDENTIALS')
    expect(problem.detail).toBe('Adres e-mail lub hasło jest nieprawidłowe.')
    expect(problem.title).toBe('Unauthorized')
    expect(problem.type).toBe('about:blank')
    expect(inPolish.headers.get('content-language')).toBe('pl')

    const german = await server.api('POST', '/api/auth/login', body, { 'accept-language': 'de' })
    expect(expectProblem(german, 401).detail).toBe('The e-mail or the password is wrong.')
  })

  it('writes a weak password’s reason at its field in Polish, its code unchanged', async () => {
    const body = { email: uniqueEmail(), password: '123456' }
    const refused = await server.api('POST', '/api/auth/register', body, polish)
    const problem = expectProblem(refused, 400, 'VALIDATION_ERROR')
    expect(problem.detail).toBe('Żądanie jest nieprawidłowe.')
    expect(problem.errors).toEqual([
      {
        field: '/password',
        code: 'weak-password',
        message: 'Zbyt popularne: łatwe do odgadnięcia',
      },
    ])
    const english = await server.api('POST', '/api/auth/register', body)
    expect(expectProblem(english, 400).errors).toEqual([
      { field: '/password', code: 'weak-password', message: 'Too common: easy to guess' },
    ])
  })

  it('names a request’s status in Polish inside the sentence', async () => {
    const customer = await verifiedUser(server)
    const auth = bearer(customer.tokens.accessToken)
    const id = await submitRequest(server, auth, customer.email)
    const refused = await server.api(
      'POST',
      '/api/paybis/createRequest',
      { exchangeRequestId: id },
      { ...auth, ...polish },
    )
    expect(expectProblem(refused, 409, 'REQUEST_STATE').detail).toBe(
      'Zgłoszenie ma status „Złożone”; można je opłacić tylko w statusie „Oczekuje na płatność”',
    )
  })

  it('tells a staff member in Polish what their roles do not allow', async () => {
    const admin = await staffOn(server, ['admin'])
    const refused = await server.api('GET', '/api/ops/requests', undefined, {
      ...admin.auth,
      'accept-language': 'pl',
    })
    expect(expectProblem(refused, 403, 'PERMISSION_DENIED').detail).toBe(
      'Twoje role na to nie pozwalają.',
    )
  })

  it('answers an address nothing is served at in Polish too', async () => {
    const r = await server.api('DELETE', '/api/no-such-thing', undefined, polish)
    expect(expectProblem(r, 404).detail).toBe(
      'Pod tym adresem nic nie jest udostępniane tą metodą.',
    )
    expect(r.headers.get('content-language')).toBe('pl')
  })

  it('reads a broken or oversized header as none, never failing', async () => {
    for (const header of [';;;,,q=', 'x'.repeat(4000), '*;q=1, pl;q=0']) {
      const r = await server.api(
        'POST',
        '/api/auth/login',
        { email: uniqueEmail(), password: 'wrong-password-1' },
        { 'accept-language': header },
      )
      expect(expectProblem(r, 401).detail).toBe('The e-mail or the password is wrong.')
    }
  })
})
