/**
 * Which part of the product an access token is for: staff tokens carry the claim `"scp": "staff"`
 * (docs/product/screens.md#staff-console). The claim only picks the first screen; the server never
 * trusts it for permissions, so nothing here verifies the signature.
 */
export type TokenArea = 'staff' | 'customer'

/** The payload of a JWT, decoded from base64url; null when the token is not one. */
function payloadOf(token: string): unknown {
  const part = token.split('.')[1]
  if (!part) return null
  try {
    const base64 = part.replace(/-/g, '+').replace(/_/g, '/')
    const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='))
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0))
    return JSON.parse(new TextDecoder().decode(bytes)) as unknown
  } catch {
    return null
  }
}

/** 'staff' for a token whose payload says `"scp": "staff"`, 'customer' for any other. */
export function tokenArea(token: string | null): TokenArea {
  if (!token) return 'customer'
  const payload = payloadOf(token)
  return typeof payload === 'object' &&
    payload !== null &&
    (payload as { scp?: unknown }).scp === 'staff'
    ? 'staff'
    : 'customer'
}
