import { isIP } from 'node:net'

/**
 * The client's address: what Fastify read (X-Forwarded-For from a trusted proxy, else the peer)
 * when it is an IP address, else the peer's own. A proxy that passes the header through would
 * otherwise let any text become a session's "IP address" in the sessions list and in security
 * notices, and a key of the per-IP limits (issue 25 finding 7).
 */
export function clientIp(request: {
  ip: string
  socket?: { remoteAddress?: string | undefined } | null
}): string {
  if (isIP(request.ip) !== 0) return request.ip
  const peer = request.socket?.remoteAddress
  return peer !== undefined && isIP(peer) !== 0 ? peer : 'unknown'
}
