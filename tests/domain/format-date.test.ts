/**
 * Dates per language, always in Europe/Warsaw
 * (docs/product/limits.md#numbers-money-and-dates-per-language): the same characters whatever the
 * machine's own locale and time zone, across the changes to and from summer time, and the day
 * Warsaw is in when UTC is still on the day before.
 */
import { describe, expect, it } from 'vitest'
import { formatDate, formatDateTime } from '../../domain/format-date'

describe('formatDateTime', () => {
  it('writes English and Polish in Warsaw time', () => {
    expect(formatDateTime('2026-11-27T20:34:00.000Z', 'en')).toBe('Nov 27, 2026, 9:34 PM')
    expect(formatDateTime('2026-11-27T20:34:00.000Z', 'pl')).toBe('27 lis 2026, 21:34')
    expect(formatDateTime('2026-07-01T11:05:00Z', 'en')).toBe('Jul 1, 2026, 1:05 PM')
    expect(formatDateTime('2026-07-01T11:05:00Z', 'pl')).toBe('1 lip 2026, 13:05')
    expect(formatDateTime(new Date('2026-01-15T09:07:00Z'), 'pl')).toBe('15 sty 2026, 10:07')
    expect(formatDateTime('2026-11-27T21:34:00+01:00', 'en')).toBe('Nov 27, 2026, 9:34 PM')
    // The contract's date-time allows more than milliseconds, and lower case.
    expect(formatDateTime('2026-11-27T20:34:59.999999Z', 'pl')).toBe('27 lis 2026, 21:34')
    expect(formatDateTime('2026-11-27t20:34:00z', 'pl')).toBe('27 lis 2026, 21:34')
  })

  it('moves the clock forward on 29 March 2026 (01:00 UTC: CET to CEST)', () => {
    expect(formatDateTime('2026-03-29T00:59:00Z', 'en')).toBe('Mar 29, 2026, 1:59 AM')
    expect(formatDateTime('2026-03-29T01:00:00Z', 'en')).toBe('Mar 29, 2026, 3:00 AM')
    expect(formatDateTime('2026-03-29T00:59:00Z', 'pl')).toBe('29 mar 2026, 01:59')
    expect(formatDateTime('2026-03-29T01:00:00Z', 'pl')).toBe('29 mar 2026, 03:00')
  })

  it('moves the clock back on 25 October 2026 (01:00 UTC: CEST to CET)', () => {
    expect(formatDateTime('2026-10-25T00:59:00Z', 'en')).toBe('Oct 25, 2026, 2:59 AM')
    expect(formatDateTime('2026-10-25T01:00:00Z', 'en')).toBe('Oct 25, 2026, 2:00 AM')
    expect(formatDateTime('2026-10-25T00:59:00Z', 'pl')).toBe('25 paź 2026, 02:59')
    expect(formatDateTime('2026-10-25T01:00:00Z', 'pl')).toBe('25 paź 2026, 02:00')
  })

  it('is already the next day in Warsaw when UTC is at the end of the day', () => {
    expect(formatDateTime('2026-11-27T23:30:00Z', 'en')).toBe('Nov 28, 2026, 12:30 AM')
    expect(formatDateTime('2026-11-27T23:30:00Z', 'pl')).toBe('28 lis 2026, 00:30')
    expect(formatDateTime('2026-12-31T23:00:00Z', 'pl')).toBe('1 sty 2027, 00:00')
    expect(formatDateTime('2026-06-30T22:00:00Z', 'en')).toBe('Jul 1, 2026, 12:00 AM')
  })

  it('uses a plain space before AM and PM, whichever ICU wrote it', () => {
    expect(formatDateTime('2026-11-27T20:34:00Z', 'en')).not.toContain('\u202f')
  })
})

describe('formatDate', () => {
  it('writes the day in Warsaw', () => {
    expect(formatDate('2026-11-27T20:34:00.000Z', 'en')).toBe('Nov 27, 2026')
    expect(formatDate('2026-11-27T20:34:00.000Z', 'pl')).toBe('27 lis 2026')
    expect(formatDate('2026-11-27T23:30:00Z', 'en')).toBe('Nov 28, 2026')
    expect(formatDate('2026-11-27T23:30:00Z', 'pl')).toBe('28 lis 2026')
    expect(formatDate('2026-10-24T22:30:00Z', 'pl')).toBe('25 paź 2026')
    expect(formatDate('2026-03-28T23:30:00Z', 'en')).toBe('Mar 29, 2026')
  })
})

describe('instants that are not one', () => {
  it('are refused, never written as "Invalid Date"', () => {
    const refused = [
      '',
      'yesterday',
      '2026-11-27',
      '2026-11-27 20:34',
      '2026-11-27T20:34:00',
      '27/11/2026',
      'Fri Nov 27 2026',
      '2026-13-01T00:00:00Z',
      'NaN',
    ]
    for (const text of refused) {
      expect(() => formatDateTime(text, 'en')).toThrow(TypeError)
      expect(() => formatDate(text, 'pl')).toThrow(TypeError)
    }
    expect(() => formatDateTime(new Date(Number.NaN), 'pl')).toThrow(TypeError)
  })
})
