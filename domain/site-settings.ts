/**
 * The site's public settings when nothing configures them (docs/product/screens.md#footer): the
 * server answers these in GET /api/config unless its environment sets others (server/config.ts),
 * and the landing shows them until that answer arrives, or if it fails (src/app-config.ts).
 */
import type { components } from '../openapi/main.gen.ts'

type ClientConfig = components['schemas']['ClientConfig']

/** The contract's fields of GET /api/config that have a default of their own. */
export type DefaultedSiteSettings = Pick<
  ClientConfig,
  | 'supportUrl'
  | 'schedulingUrl'
  | 'contactEmail'
  | 'licenceNumber'
  | 'address'
  | 'socialLinks'
  | 'gtmContainerId'
>

export const defaultSiteSettings: Readonly<DefaultedSiteSettings> = {
  supportUrl: 'https://support.example.com/',
  schedulingUrl: 'https://calendly.com/exchange-team/30min',
  contactEmail: 'support@exchange.example.com',
  licenceNumber: 'RDWW-1234',
  address: 'ul. Marszałkowska 126/134, 00-008 Warsaw, Poland',
  socialLinks: [
    { name: 'LinkedIn', url: 'https://www.linkedin.com/' },
    { name: 'X', url: 'https://x.com/' },
    { name: 'Telegram', url: 'https://t.me/' },
  ],
  gtmContainerId: '',
}

/** Where the SPA reads market data by default, by the server's provider mode (`MARKET_BASE_URL`). */
export const defaultMarketBaseUrls: Readonly<Record<ClientConfig['providers'], string>> = {
  live: '/market',
  sandbox: '/sandbox/market',
}
