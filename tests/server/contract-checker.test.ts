/** The contract checker itself: it must refuse what the contract does not declare. */
import { describe, expect, it } from 'vitest'
import { checkResponse, ContractViolation, findOperation } from './support/contract.ts'

const json = (extra: Record<string, string> = {}) =>
  new Headers({ 'content-type': 'application/json; charset=utf-8', ...extra })
const problemJson = (extra: Record<string, string> = {}) =>
  new Headers({ 'content-type': 'application/problem+json; charset=utf-8', ...extra })
const problem = (status: number, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ type: 'about:blank', title: 'T', status, ...extra })

describe('contract checker', () => {
  it('finds operations by path and method', () => {
    expect(findOperation('POST', '/api/auth/login?x=1')?.operation.operationId).toBe('login')
    expect(findOperation('PUT', '/api/users/profile')?.operation.operationId).toBe('updateProfile')
    expect(findOperation('DELETE', '/api/users/profile')).toBeUndefined()
    expect(findOperation('GET', '/api/nothing')).toBeUndefined()
  })

  it('accepts declared answers and returns the parsed body', () => {
    const tokens = { accessToken: 'a.b.c', refreshToken: 'r' }
    expect(checkResponse('POST', '/api/auth/login', 200, json(), JSON.stringify(tokens))).toEqual(
      tokens,
    )
    const retry = problemJson({ 'retry-after': '30' })
    expect(() => checkResponse('POST', '/api/auth/login', 429, retry, problem(429))).not.toThrow()
    expect(() =>
      checkResponse('GET', '/api/nothing', 404, problemJson(), problem(404)),
    ).not.toThrow()
  })

  it.each([
    ['an undeclared status', 'POST', '/api/auth/login', 500, problemJson(), problem(500)],
    [
      'a 404 of a declared operation',
      'GET',
      '/api/users/profile',
      404,
      problemJson(),
      problem(404),
    ],
    ['a body off its schema', 'POST', '/api/auth/login', 200, json(), '{"accessToken":"a.b.c"}'],
    [
      'an extra property',
      'GET',
      '/api/health',
      200,
      json(),
      '{"status":"ok","database":"ok","x":1}',
    ],
    ['an undeclared media type', 'POST', '/api/auth/login', 401, json(), problem(401)],
    ['a body that is not JSON', 'GET', '/api/health', 200, json(), '{status'],
    ['a missing Retry-After', 'POST', '/api/auth/login', 429, problemJson(), problem(429)],
    [
      'a Retry-After that is no integer',
      'POST',
      '/api/auth/login',
      429,
      problemJson({ 'retry-after': 'soon' }),
      problem(429),
    ],
    [
      'a problem with an unknown errorType',
      'GET',
      '/api/nothing',
      404,
      problemJson(),
      problem(404, { errorType: 'NOPE' }),
    ],
    ['an unknown path answered 200', 'GET', '/api/nothing', 200, json(), '{}'],
  ])('refuses %s', (_what, method, path, status, headers, text) => {
    expect(() => checkResponse(method, path, status, headers, text)).toThrow(ContractViolation)
  })
})
