/** What the profile's Security section reads and sends, as the contract shapes it (issue 14). */
import type { components } from '../../../openapi/main.gen'

type Schemas = components['schemas']
export type Session = Schemas['Session']
export type Passkey = Schemas['Passkey']
export type SecurityOverview = Schemas['SecurityOverview']

export const noFactors: SecurityOverview = {
  passkeys: [],
  totp: false,
  recoveryCodesLeft: 0,
  stepUpUntil: null,
}

export const thisSession: Session = {
  id: '0b8f5c1e-2d3a-4e5f-9a6b-7c8d9e0f1a2b',
  device: 'Chrome on macOS',
  userAgent:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
  ip: '203.0.113.7',
  createdAt: '2026-11-20T09:00:00.000Z',
  lastUsedAt: '2026-11-23T08:00:00.000Z',
  current: true,
}

export const phoneSession: Session = {
  id: '5d2c8e4a-1b7f-4a3e-8c6d-2e9f0a1b3c4d',
  device: 'Safari on iOS',
  userAgent:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  ip: '198.51.100.23',
  createdAt: '2026-11-21T18:30:00.000Z',
  lastUsedAt: '2026-11-22T21:15:00.000Z',
  current: false,
}

export const tabletSession: Session = {
  id: '9a7b6c5d-4e3f-4a1b-8c2d-3e4f5a6b7c8d',
  device: 'Firefox on Android',
  userAgent: 'Mozilla/5.0 (Android 14; Mobile; rv:132.0) Gecko/132.0 Firefox/132.0',
  ip: '192.0.2.44',
  createdAt: '2026-11-19T07:05:00.000Z',
  lastUsedAt: '2026-11-19T07:05:00.000Z',
  current: false,
}

export const laptopKey: Passkey = {
  id: '7f1c2d3e-4b5a-4c6d-8e9f-0a1b2c3d4e5f',
  name: 'MacBook Touch ID',
  createdAt: '2026-11-20T09:00:00.000Z',
  lastUsedAt: '2026-11-23T08:00:00.000Z',
}

export const newKey: Passkey = {
  id: '1e2d3c4b-5a69-4788-9a0b-c1d2e3f4a5b6',
  name: 'Passkey 23 Nov 2026',
  createdAt: '2026-11-23T10:00:00.000Z',
  lastUsedAt: null,
}

export const creationOptions: Schemas['PasskeyCreationOptions'] = {
  challenge: 'Y2hhbGxlbmdlLTEyMzQ1Njc4OTA',
  rp: { name: 'Vistula', id: 'localhost' },
  user: { id: 'dXNlci1oYW5kbGUtMQ', name: 'anna@example.com', displayName: 'anna@example.com' },
  pubKeyCredParams: [
    { alg: -7, type: 'public-key' },
    { alg: -257, type: 'public-key' },
  ],
  excludeCredentials: [],
}

export const attestation: Schemas['PasskeyAttestation'] = {
  id: 'Y3JlZGVudGlhbC0x',
  rawId: 'Y3JlZGVudGlhbC0x',
  type: 'public-key',
  authenticatorAttachment: 'platform',
  clientExtensionResults: {},
  response: {
    clientDataJSON: 'eyJ0eXBlIjoid2ViYXV0aG4uY3JlYXRlIn0',
    attestationObject: 'o2NmbXRkbm9uZQ',
    transports: ['internal'],
  },
}

export const enrolment: Schemas['TotpEnrolment'] = {
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  otpauthUri:
    'otpauth://totp/Vistula:anna%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Vistula&algorithm=SHA1&digits=6&period=30',
}

export const recoveryCodes: string[] = [
  'K7QPD-M2XVA',
  'R9TWB-C4NHE',
  'F3ZJL-Q8YUS',
  'W6MKA-T1PGD',
  'B5XEN-H7RVC',
  'L2DSQ-J9FWM',
  'P8GUY-A3KZT',
  'N4VCR-E6BLX',
  'H1SMW-Z5QJF',
  'T7YAD-U2NKP',
]
