import { useEffect, useState } from 'react'
import type { components } from '../../api/main.gen'
import type { MainClient } from '../../api/main-client'

export type LandingSettings = Omit<
  components['schemas']['ClientConfig'],
  'providers' | 'sumsubBaseUrl' | 'flowsViewer'
>

/** What the landing shows until GET /api/config answers, or if it never does. */
export const defaultLandingSettings: LandingSettings = {
  marketBaseUrl: '/sandbox/market',
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

const loaded = new WeakMap<MainClient, Promise<LandingSettings>>()

/**
 * The public settings the landing needs (scheduling, contacts, licence, social links, tag manager,
 * market base), read once per client from GET /api/config; a failed read gives the defaults and
 * is tried again next time.
 */
export function landingSettings(api: MainClient): Promise<LandingSettings> {
  let pending = loaded.get(api)
  if (!pending) {
    pending = api
      .GET('/api/config')
      .then(({ data }) => {
        if (!data) throw new Error('no configuration')
        return {
          marketBaseUrl: data.marketBaseUrl,
          supportUrl: data.supportUrl,
          schedulingUrl: data.schedulingUrl,
          contactEmail: data.contactEmail,
          licenceNumber: data.licenceNumber,
          address: data.address,
          socialLinks: data.socialLinks,
          gtmContainerId: data.gtmContainerId,
        }
      })
      .catch(() => {
        loaded.delete(api)
        return defaultLandingSettings
      })
    loaded.set(api, pending)
  }
  return pending
}

/** The settings once they have been read (null until then). */
export function useLandingSettings(api: MainClient): LandingSettings | null {
  const [settings, setSettings] = useState<LandingSettings | null>(null)
  useEffect(() => {
    let live = true
    void landingSettings(api).then((loaded) => {
      if (live) setSettings(loaded)
    })
    return () => {
      live = false
    }
  }, [api])
  return settings
}
