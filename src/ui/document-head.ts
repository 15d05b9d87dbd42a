/**
 * The public pages' title and description, as each prerendered page's head carries them (the
 * landing and the sign-in pages alike): in both the landing's and the public pages' catalogs.
 */
import { msg } from '@lingui/core/macro'

export const DOCUMENT_HEAD = {
  title: msg`Exchange crypto with full legal compliance`,
  description: msg`EU-licensed fiat-to-crypto exchange: express converter, personal quotes and compliant large transactions.`,
}
