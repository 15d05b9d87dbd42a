import { sourceLocale, type Locale } from '../../../domain/locale'

/** ISO 3166-1 alpha-2 codes, the profile's and the quote's country values (names come from Intl). */
const CODES =
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'.split(
    ' ',
  )

export interface Country {
  code: string
  name: string
}

function namesOf(codes: readonly string[], locale: Locale): Country[] {
  let names: Intl.DisplayNames | undefined
  try {
    names = new Intl.DisplayNames([locale], { type: 'region' })
  } catch {
    names = undefined
  }
  // One collator for the whole sort: `localeCompare(b, locale)` builds one per comparison, and
  // sorting 249 names that way took about 120 ms of a throttled phone's CPU when the customer
  // area loaded (docs/decisions/119-honest-performance-floors.md).
  const { compare } = new Intl.Collator(locale)
  return codes
    .map((code) => ({ code, name: names?.of(code) ?? code }))
    .sort((a, b) => compare(a.name, b.name))
}

/** Each language's list, made when a form first shows it, not when the module loads. */
const byLocale = new Map<Locale, readonly Country[]>()

/** Every country by its name in a language, in that language's order. */
export function countriesIn(locale: Locale): readonly Country[] {
  let countries = byLocale.get(locale)
  if (!countries) {
    countries = namesOf(CODES, locale)
    byLocale.set(locale, countries)
  }
  return countries
}

/** The name of a code in a language; the code itself when it is not one we know. */
export function countryName(code: string, locale: Locale = sourceLocale): string {
  return countriesIn(locale).find((c) => c.code === code)?.name ?? code
}
