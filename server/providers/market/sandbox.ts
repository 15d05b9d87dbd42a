/**
 * The market-data sandbox: CEX.IO's four public calls answered locally for every fiat–crypto
 * pair of the product, in both directions (BTC-EUR and EUR-BTC; the inverse pair's prices are
 * 1/price, each to 8 significant digits). Prices are realistic and move slowly and
 * deterministically: a smooth function of the time bucket, no randomness, so a test can recompute
 * any figure. The movement is a float wave written out as a decimal factor; every price is
 * computed from it in exact decimals (domain/decimal.ts), like the exchange's own strings.
 */
import {
  decimal,
  divideSignificant,
  ONE,
  plain,
  significant,
  type Decimal,
} from '../../../domain/decimal.ts'
import {
  CRYPTO_CURRENCIES,
  FIAT_CURRENCIES,
  isCrypto,
  isFiat,
  type CryptoCurrency,
  type FiatCurrency,
} from '../../../domain/currencies.ts'
import { candlesRequestDataTypeValues, type components } from '../../../openapi/market.gen.ts'
import type { MarketAnswer, MarketApi, MarketMethod, SandboxMarketMode } from './types.ts'

/** Reference prices in EUR, around which the sandbox's prices swing. */
const eurPrices: Record<CryptoCurrency, string> = {
  BTC: '78000',
  ETH: '3100',
  ADA: '0.45',
  ATOM: '6.2',
  BAT: '0.21',
  BCH: '380',
  DOT: '5.4',
  LINK: '14.5',
  LTC: '86',
  NEO: '11.3',
  SHIB: '0.000015',
  SOL: '150',
  TRX: '0.24',
  USDC: '0.925',
  USDT: '0.925',
  XLM: '0.105',
  XRP: '2.1',
}
const fiatPerEur: Record<FiatCurrency, string> = { EUR: '1', USD: '1.08', GBP: '0.85' }

/** Prices carry 8 significant digits, like the exchange's samples ('61087.8', '0.0000163698'). */
const DIGITS = 8
const price = (value: Decimal) => significant(value, DIGITS)
/** A movement (a float: a smooth wave, not money) as the exact decimal factor it stands for. */
const factor = (wave: number) => decimal((1 + wave).toFixed(12))
const stablecoins = new Set<string>(['USDC', 'USDT'])

const minute = 60_000
const hour = 60 * minute
const day = 24 * hour
export const resolutions = {
  '1m': minute,
  '5m': 5 * minute,
  '15m': 15 * minute,
  '30m': 30 * minute,
  '1h': hour,
  '2h': 2 * hour,
  '4h': 4 * hour,
  '1d': day,
} as const satisfies Record<
  NonNullable<components['schemas']['CandlesRequest']['resolution']>,
  number
>
type Resolution = keyof typeof resolutions

/** A stable phase per currency, so the coins do not all move together. */
function phase(code: string): number {
  let h = 0
  for (const c of code) h = (h * 31 + c.charCodeAt(0)) % 10_007
  return (h / 10_007) * 2 * Math.PI
}

/** Price of one unit of `crypto` in EUR at time t (ms): a few percent of slow swing. */
function cryptoEur(crypto: CryptoCurrency, t: number): Decimal {
  const swing = stablecoins.has(crypto) ? 0.001 : 0.04
  const p = phase(crypto)
  const wave =
    swing * Math.sin((2 * Math.PI * t) / (9 * day) + p) +
    (swing / 4) * Math.sin((2 * Math.PI * t) / (31 * hour) + 2 * p)
  return decimal(eurPrices[crypto]).times(factor(wave))
}

function fiatRate(fiat: FiatCurrency, t: number): Decimal {
  if (fiat === 'EUR') return ONE
  const wave = 0.005 * Math.sin((2 * Math.PI * t) / (13 * day) + phase(fiat))
  return decimal(fiatPerEur[fiat]).times(factor(wave))
}

interface Pair {
  base: string
  quote: string
  crypto: CryptoCurrency
  fiat: FiatCurrency
  /** True when the fiat is the base (EUR-BTC): prices are the inverse of BTC-EUR. */
  inverse: boolean
}

export function parsePair(value: unknown): Pair | undefined {
  if (typeof value !== 'string') return undefined
  const [base = '', quote = '', ...rest] = value.toUpperCase().split('-')
  if (rest.length > 0) return undefined
  if (isCrypto(base) && isFiat(quote))
    return { base, quote, crypto: base, fiat: quote, inverse: false }
  if (isFiat(base) && isCrypto(quote))
    return { base, quote, crypto: quote, fiat: base, inverse: true }
  return undefined
}

/** The price of one crypto in the fiat at time t, to 8 significant digits. */
function directPrice(pair: Pair, t: number): Decimal {
  return price(cryptoEur(pair.crypto, t).times(fiatRate(pair.fiat, t)))
}

/** 1 / price to 8 significant digits: the inverse pair's price. */
const inverted = (value: Decimal) => divideSignificant(ONE, value, DIGITS)

/** The sandbox's price of one `base` in `quote` at time t (a decimal string): what a test recomputes. */
export function sandboxPrice(pairName: string, t: number): string {
  const pair = parsePair(pairName)
  if (!pair) throw new Error(`unsupported pair ${pairName}`)
  const direct = directPrice(pair, t)
  return plain(pair.inverse ? inverted(direct) : direct)
}

/** A client's value as the exchange would quote it back in an error. */
const quoted = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value))

const unprocessable = (message: string): MarketAnswer => ({ status: 422, body: { error: message } })
const ok = (data: unknown): MarketAnswer => ({ status: 200, body: { ok: 'ok', data } })

/** fromISO/toISO: an ISO-8601 string or epoch milliseconds (number or numeric string). */
function parseTime(value: unknown): number | undefined | 'bad' {
  if (value === undefined) return undefined
  if (typeof value === 'number') return Number.isInteger(value) && value >= 0 ? value : 'bad'
  if (typeof value !== 'string') return 'bad'
  if (/^\d{1,16}$/.test(value)) return Number(value)
  const t = Date.parse(value)
  return Number.isNaN(t) ? 'bad' : t
}

const allPairs = (): Pair[] =>
  CRYPTO_CURRENCIES.flatMap((crypto) =>
    FIAT_CURRENCIES.map((fiat) => ({ base: crypto, quote: fiat, crypto, fiat, inverse: false })),
  )

export function createMarketSandbox(options: {
  now: () => Date
  mode: SandboxMarketMode
}): MarketApi {
  const { now } = options

  function candles(body: Record<string, unknown>): MarketAnswer {
    if (body.pair === undefined) return unprocessable('Mandatory parameter pair is missing')
    const pair = parsePair(body.pair)
    if (!pair) return unprocessable(`pair ${quoted(body.pair)} is not supported`)
    if (body.dataType === undefined) return unprocessable('Mandatory parameter dataType is missing')
    if (!(candlesRequestDataTypeValues as readonly unknown[]).includes(body.dataType))
      return unprocessable(
        `Parameter dataType should be one of [${candlesRequestDataTypeValues.join(', ')}]`,
      )
    const resolution = (body.resolution ?? '1h') as Resolution
    const length = resolutions[resolution] as number | undefined
    if (length === undefined)
      return unprocessable(
        `Parameter resolution should be one of [${Object.keys(resolutions).join(', ')}]`,
      )
    const from = parseTime(body.fromISO)
    const to = parseTime(body.toISO)
    if (from === 'bad') return unprocessable('Parameter fromISO is not a valid date')
    if (to === 'bad') return unprocessable('Parameter toISO is not a valid date')
    if (from === undefined && to === undefined)
      return unprocessable('Mandatory parameter fromISO or toISO is missing')
    const limit = body.limit
    if (
      limit !== undefined &&
      (!Number.isInteger(limit) || (limit as number) < 1 || (limit as number) > 1000)
    )
      return unprocessable('Parameter limit should be between 1 and 1000')
    if ((from === undefined || to === undefined) && limit === undefined)
      return unprocessable('Mandatory parameter limit is missing')

    const nowMs = now().getTime()
    const count = (limit as number | undefined) ?? 1000
    const last = Math.floor(Math.min(to ?? nowMs, nowMs) / length) * length
    const first =
      from === undefined ? last - (count - 1) * length : Math.floor(from / length) * length
    // The newest `count` candles of the range, oldest first.
    const start = Math.max(first, last - (count - 1) * length)
    const bid = decimal(body.dataType === 'bestBid' ? '0.9995' : '1')
    const data = []
    for (let t = start; t <= last; t += length) {
      const at = (time: number) => price(directPrice(pair, time).times(bid))
      const open = at(t)
      const close = at(t + length)
      const high = price((open.gt(close) ? open : close).times(decimal('1.002')))
      const low = price((open.lt(close) ? open : close).times(decimal('0.998')))
      const [o, h, l, c] = pair.inverse
        ? [inverted(open), inverted(low), inverted(high), inverted(close)]
        : [open, high, low, close]
      data.push({
        timestamp: String(t),
        open: plain(o),
        high: plain(h),
        low: plain(l),
        close: plain(c),
        volume: '0',
        resolution,
        isClosed: t + length <= nowMs,
        timestampISO: new Date(t).toISOString(),
      })
    }
    return ok(data)
  }

  function pairInfo(pair: Pair): Record<string, string> {
    const p = decimal(sandboxPrice(`${pair.base}-${pair.quote}`, now().getTime()))
    const fiatBase = pair.inverse
    const ten = decimal('10')
    const million = decimal('1000000')
    const inQuote = (fiat: Decimal) => (fiatBase ? fiat.times(p) : fiat)
    const inBase = (fiat: Decimal) => (fiatBase ? fiat : divideSignificant(fiat, p, 2))
    return {
      base: pair.base,
      quote: pair.quote,
      baseMin: plain(significant(inBase(ten), 2)),
      baseMax: plain(significant(inBase(million), 2)),
      baseLotSize: fiatBase ? '0.01' : '0.00000001',
      quoteMin: plain(significant(inQuote(ten), 2)),
      quoteMax: plain(significant(inQuote(million), 2)),
      quoteLotSize: fiatBase ? '0.00000001' : '0.01',
      basePrecision: fiatBase ? '2' : '8',
      quotePrecision: fiatBase ? '8' : '2',
      // Six significant digits of price: 5 − the exponent of its leading digit, within 0..12.
      pricePrecision: String(Math.max(0, Math.min(12, 5 - p.e))),
      minPrice: plain(divideSignificant(p, decimal('100'), 4)),
      maxPrice: plain(significant(p.times(decimal('100')), 4)),
    }
  }

  function pairsInfo(body: Record<string, unknown>): MarketAnswer {
    const filter = body.pairs ?? body.pair
    if (filter === undefined) return ok(allPairs().map(pairInfo))
    if (!Array.isArray(filter)) return unprocessable('Parameter pairs should be an array')
    const pairs: Pair[] = []
    for (const name of filter) {
      const pair = parsePair(name)
      if (!pair) return unprocessable(`pair ${quoted(name)} is not supported`)
      pairs.push(pair)
    }
    return ok(pairs.map(pairInfo))
  }

  function tradeHistory(body: Record<string, unknown>): MarketAnswer {
    if (body.pair === undefined) return unprocessable('Mandatory parameter pair is missing')
    const pair = parsePair(body.pair)
    if (!pair) return unprocessable(`pair ${quoted(body.pair)} is not supported`)
    const pageSize = body.pageSize ?? 100
    if (!Number.isInteger(pageSize) || (pageSize as number) < 1 || (pageSize as number) > 10_000)
      return unprocessable('Parameter pageSize should be between 1 and 10000')
    const from = parseTime(body.fromDateISO)
    const to = parseTime(body.toDateISO)
    if (from === 'bad' || to === 'bad') return unprocessable('Parameter date is not a valid date')
    // One trade every 37 seconds, newest first.
    const spacing = 37_000
    const newest = Math.floor(Math.min(to ?? Infinity, now().getTime()) / spacing) * spacing
    const trades = []
    for (let k = 0; k < Math.min(pageSize as number, 1000); k++) {
      const t = newest - k * spacing
      if (from !== undefined && t < from) break
      const wobble = Math.sin(t / spacing)
      const tradePrice = price(
        decimal(sandboxPrice(`${pair.base}-${pair.quote}`, t)).times(factor(0.0005 * wobble)),
      )
      // The trade's value in the fiat: 50 to 1000.
      const fiatValue = decimal('50').times(factor(19 * Math.abs(Math.sin(t / 7_919))))
      trades.push({
        tradeId: `${t}-0`,
        dateISO: new Date(t).toISOString(),
        side: wobble >= 0 ? 'BUY' : 'SELL',
        price: plain(tradePrice),
        amount: plain(
          pair.inverse ? significant(fiatValue, 6) : divideSignificant(fiatValue, tradePrice, 6),
        ),
      })
    }
    return ok({ pageSize: quoted(pageSize), trades })
  }

  function currenciesInfo(): MarketAnswer {
    return ok([
      ...FIAT_CURRENCIES.map((currency) => ({
        currency,
        fiat: true,
        precision: '2',
        walletPrecision: '2',
        walletDeposit: true,
        walletWithdrawal: true,
      })),
      ...CRYPTO_CURRENCIES.map((currency) => ({
        currency,
        fiat: false,
        precision: '8',
        walletPrecision: '6',
        walletDeposit: true,
        walletWithdrawal: true,
      })),
    ])
  }

  const empty: Record<MarketMethod, unknown> = {
    get_candles: [],
    get_pairs_info: [],
    get_trade_history: { pageSize: '0', trades: [] },
    get_currencies_info: [],
  }

  return {
    call(method, body, callOptions) {
      const mode = callOptions?.mode ?? options.mode
      if (mode === 'error')
        return Promise.resolve({ status: 429, body: { error: 'API rate limit reached' } })
      if (mode === 'empty') return Promise.resolve(ok(empty[method]))
      switch (method) {
        case 'get_candles':
          return Promise.resolve(candles(body))
        case 'get_pairs_info':
          return Promise.resolve(pairsInfo(body))
        case 'get_trade_history':
          return Promise.resolve(tradeHistory(body))
        case 'get_currencies_info':
          return Promise.resolve(currenciesInfo())
      }
    },
  }
}
