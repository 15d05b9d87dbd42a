import { describe, expect, it } from 'vitest'
import { enginesNamed } from '../server/support/databases.ts'

describe('SERVER_TEST_ENGINES', () => {
  it('runs every engine when unset or empty', () => {
    expect(enginesNamed(undefined)).toEqual(['pglite', 'postgres'])
    expect(enginesNamed(' ')).toEqual(['pglite', 'postgres'])
  })

  it('runs only the engines it names, in the usual order', () => {
    expect(enginesNamed('pglite')).toEqual(['pglite'])
    expect(enginesNamed('postgres, pglite')).toEqual(['pglite', 'postgres'])
  })

  it('refuses a name it does not know rather than running nothing', () => {
    expect(() => enginesNamed('pglite,mysql')).toThrow(/mysql/)
    expect(() => enginesNamed(',')).toThrow(/SERVER_TEST_ENGINES/)
  })
})
