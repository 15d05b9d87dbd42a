/** What the spec's other market calls are asked and what is read from their answers. */
import { describe, expect, it } from 'vitest'
import {
  CURRENCIES_INFO_REQUEST,
  marketFactsFrom,
  PAIRS_INFO_REQUEST,
  TRADE_HISTORY_REQUEST,
} from '../../domain/market-facts'

describe('market facts (docs/product/data.md#market-facts)', () => {
  it('asks with the spec’s bodies', () => {
    expect(CURRENCIES_INFO_REQUEST).toEqual({})
    expect(PAIRS_INFO_REQUEST).toEqual({ pairs: ['BTC-USD'] })
    expect(TRADE_HISTORY_REQUEST).toEqual({ pair: 'BTC-USD', pageSize: 2 })
  })

  it('reads each currency’s precision, the coarser when two answers give one', () => {
    const facts = marketFactsFrom({
      currencies: {
        ok: 'ok',
        data: [
          { currency: 'BTC', fiat: false, precision: '8' },
          { currency: 'USD', fiat: true, precision: '2' },
          { currency: 'SHIB', fiat: false, precision: 0 },
          { currency: 'DOGE', fiat: false, precision: '8' },
          { currency: 'ETH', fiat: false, precision: 'x' },
          'nonsense',
        ],
      },
      pairs: {
        ok: 'ok',
        data: [{ base: 'BTC', quote: 'USD', basePrecision: '6', quotePrecision: '8' }],
      },
      trades: {
        ok: 'ok',
        data: {
          pageSize: '2',
          trades: [
            { price: '60879.5', amount: '0.00165962', dateISO: '2024-10-11T07:09:19.823Z' },
            { price: 'oops', amount: '1', dateISO: '2024-10-11T07:09:18.000Z' },
          ],
        },
      },
    })
    expect(facts).toEqual({
      precision: { BTC: 6, USD: 2, SHIB: 0 },
      btcUsdTrades: [
        { price: '60879.5', amount: '0.00165962', dateISO: '2024-10-11T07:09:19.823Z' },
      ],
    })
  })

  it('gives no facts from errors, empty answers or nonsense', () => {
    expect(marketFactsFrom({ currencies: null, pairs: null, trades: null })).toEqual({})
    expect(
      marketFactsFrom({
        currencies: { error: 'API rate limit reached' },
        pairs: { ok: 'ok', data: [] },
        trades: { ok: 'ok', data: { pageSize: '0', trades: [] } },
      }),
    ).toEqual({})
  })
})
