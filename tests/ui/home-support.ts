/** Helpers for the customer-area UI tests: a signed-in customer on a fake API. */
import { act } from '@testing-library/react'
import type { components } from '../../openapi/main.gen'
import { FakeApi, json, publicConfig } from './support/fake-api'
import { ActorProbe, renderApp, type RenderAppOptions } from './support/render-app'

export type Profile = components['schemas']['Profile']

export const anna: Profile = {
  firstName: 'Anna',
  lastName: 'Kowalska',
  email: 'anna@example.com',
  phone: '',
  country: 'PL',
  locale: 'en',
}

/** The sandbox settings: the local verification page is framed instead of the WebSDK. */
export const sandboxConfig = { ...publicConfig, sumsubSandboxUrl: '/sandbox/sumsub/websdk' }

export interface SignedInOptions {
  profile?: Profile
  config?: components['schemas']['ClientConfig']
  /** Routes to add (or hold) before the first request. */
  prepare?: (api: FakeApi) => void
  user?: RenderAppOptions['user']
  webauthn?: RenderAppOptions['webauthn']
  machineId?: string
  inspect?: Parameters<ActorProbe['record']>[1]
}

/** The app at `path` for a customer whose session is stored, on a fake API. */
export async function renderSignedIn(path: string, options: SignedInOptions = {}) {
  window.localStorage.setItem(
    'auth_session',
    JSON.stringify({ token: 'access-1', refreshToken: 'refresh-1' }),
  )
  const api = new FakeApi()
  const profile = options.profile ?? anna
  api.on('GET', '/api/users/profile', () => json(200, profile))
  api.on('GET', '/api/config', () => json(200, options.config ?? sandboxConfig))
  options.prepare?.(api)
  const probe = new ActorProbe()
  if (options.machineId && options.inspect) probe.record(options.machineId, options.inspect)
  return renderApp(path, {
    api,
    probe,
    ...(options.user ? { user: options.user } : {}),
    ...(options.webauthn ? { webauthn: options.webauthn } : {}),
  })
}

/** Lets React, the router and the actors finish what the last step started. */
export async function flush(times = 3) {
  for (let i = 0; i < times; i++) {
    await act(async () => {
      await new Promise((r) => setTimeout(r, 0))
    })
  }
}
