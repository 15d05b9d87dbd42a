import { useEffect, useState } from 'react'
import type { MainClient } from '../../api/main-client'
import { createConfigSource, type LandingSettings } from '../../app-config'

/**
 * The public settings the landing needs (scheduling, contacts, licence, social links, tag manager,
 * market base), from the app's one GET /api/config loader (src/app-config.ts); a failed read
 * gives the defaults and is tried again next time.
 */
export function landingSettings(api: MainClient): Promise<LandingSettings> {
  return createConfigSource(api)
    .load()
    .then((settings) => settings.landing)
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
