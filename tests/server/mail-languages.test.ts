/**
 * The e-mails' figures and moments in each reader's language (issue 30): English exactly as it
 * always was, Polish with its decimal comma, grouping and Warsaw time, the same digits as stored.
 */
import { describe, expect, it } from 'vitest'
import {
  quoteCalculationMessage,
  requestNewsMessage,
  type MailRecipient,
  type QuoteFigures,
} from '../../server/mail/templates.ts'

const english: MailRecipient = { address: 'anna@example.com', locale: 'en' }
const polish: MailRecipient = { address: 'anna@example.com', locale: 'pl' }

const figures: QuoteFigures = {
  amount: '25000',
  fromCurrency: 'EUR',
  toCurrency: 'BTC',
  feePercent: '1.1%',
  rate: { close: '78251.21', text: '1 BTC = 78251.21 EUR' },
  received: '0.31599210',
  rateForm: { base: 'BTC', figure: '78251.21', quote: 'EUR' },
  at: new Date('2026-11-27T20:05:00Z'),
}

const offer = {
  kind: 'offer' as const,
  offer: {
    rate: '78251.21',
    amountPaid: '25000.00',
    amountReceived: '0.31599210',
    fee: '275.00',
    feePercent: '1.1%',
    validUntil: '2026-07-01T10:30:00.000Z',
  },
}
const request = { id: 'r-1', amount: '25000', fromCurrency: 'EUR', toCurrency: 'BTC' }

describe('figures and moments in e-mails', () => {
  it('keeps the English quote calculation as it was', () => {
    const mail = quoteCalculationMessage(
      english,
      figures,
      'https://x.test/app/verification',
      'a@b.c',
    )
    expect(mail.subject).toBe('Your personal quote: 25000 EUR to BTC — Vistula Exchange')
    expect(mail.text).toContain(
      [
        'You pay: 25000 EUR',
        'Rate: 1 BTC = 78251.21 EUR (market data, 2026-11-27 20:05 UTC)',
        'Fee: 1.1% (4% below 10,000; 1.1% from 10,000 EUR)',
        'You receive (estimate): 0.31599210 BTC',
      ].join('\n\n'),
    )
  })

  it('writes the Polish quote calculation the Polish way, digit for digit', () => {
    const mail = quoteCalculationMessage(
      polish,
      figures,
      'https://x.test/app/verification',
      'a@b.c',
    )
    expect(mail.subject).toBe(
      'Twoja indywidualna wycena: 25\u00a0000 EUR na BTC — Vistula Exchange',
    )
    expect(mail.text).toContain(
      [
        'Płacisz: 25\u00a0000 EUR',
        // Warsaw is an hour ahead of UTC in November.
        'Kurs: 1 BTC = 78\u00a0251,21 EUR (dane rynkowe, 27 lis 2026, 21:05)',
        'Prowizja: 1,1% (4% poniżej 10\u00a0000; 1,1% od 10\u00a0000 EUR)',
        'Otrzymasz (szacunkowo): 0,31599210 BTC',
      ].join('\n\n'),
    )
  })

  it('writes an offer in each language, its validity in Warsaw time for Polish', () => {
    const en = requestNewsMessage(english, request, offer, 'https://x.test/app/requests/r-1')
    expect(en.text).toContain(
      [
        'Rate: 1 BTC = 78251.21 EUR',
        'You pay: 25000.00 EUR',
        'Fee (1.1%): 275.00 EUR',
        'You receive: 0.31599210 BTC',
        'Valid until: 2026-07-01 10:30 UTC',
      ].join('\n'),
    )
    // English is the template's own text: a stale English catalog once made this 'UTC UTC'.
    expect(en.text).toMatch(/^Valid until: 2026-07-01 10:30 UTC$/m)
    const pl = requestNewsMessage(polish, request, offer, 'https://x.test/app/requests/r-1')
    expect(pl.subject).toBe('Twoja oferta jest gotowa: 25\u00a0000 EUR na BTC — Vistula Exchange')
    expect(pl.text).toContain(
      [
        'Kurs: 1 BTC = 78\u00a0251,21 EUR',
        'Płacisz: 25\u00a0000,00 EUR',
        'Prowizja (1,1%): 275,00 EUR',
        'Otrzymasz: 0,31599210 BTC',
        // Summer time: two hours ahead.
        'Ważna do: 1 lip 2026, 12:30',
      ].join('\n'),
    )
  })
})
