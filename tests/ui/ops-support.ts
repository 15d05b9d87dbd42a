/** Helpers for the staff console's UI tests: a signed-in staff member on a fake API. */
import { screen } from '@testing-library/react'
import type { StaffSelf } from '../../src/machines/ops-console/ops-console.machine'
import { adminSelf } from '../../src/flows/fixtures/ops-console'
import { FakeApi, json } from './support/fake-api'
import { ActorProbe, renderApp } from './support/render-app'

/** An access token shaped like the server's: its payload says `"scp": "staff"`. */
export const staffToken = (scope = 'staff') =>
  [
    { alg: 'HS256', typ: 'JWT' },
    { sub: adminSelf.id, scp: scope },
  ]
    .map((part) => Buffer.from(JSON.stringify(part)).toString('base64url'))
    .concat('c2ln')
    .join('.')

export const OPS_ME = { method: 'GET', path: '/api/ops/me' }

export interface StaffOptions {
  self?: StaffSelf
  /** Routes to add (or hold) before the first request. */
  prepare?: (api: FakeApi) => void
  machineId?: string
  inspect?: Parameters<ActorProbe['record']>[1]
  token?: string
}

/** The app at `path` for a staff member whose session is stored, on a fake API. */
export async function renderStaff(path: string, options: StaffOptions = {}) {
  window.localStorage.setItem(
    'auth_session',
    JSON.stringify({ token: options.token ?? staffToken(), refreshToken: 'refresh-1' }),
  )
  const api = new FakeApi()
  api.on(OPS_ME.method, OPS_ME.path, () => json(200, options.self ?? adminSelf))
  options.prepare?.(api)
  const probe = new ActorProbe()
  if (options.machineId && options.inspect) probe.record(options.machineId, options.inspect)
  return renderApp(path, { api, probe })
}

/** The console's main landmark's heading. */
export const pageHeading = () => screen.getByRole('heading', { level: 1 })
