/**
 * What the log may hold of a request and an error. A database driver's error carries the query's
 * parameters (password hashes, e-mail addresses) and PostgreSQL's `detail` quotes the failing
 * row, so an error is logged by its kind, code and message only, with quoted values cut out.
 */
import { clientIp } from './client-ip.ts'

/** Request logs keep method and path; query strings can carry e-mail tokens, so they are cut. */
export const requestSerializer = (
  request: Parameters<typeof clientIp>[0] & { method: string; url: string },
) => ({
  method: request.method,
  path: request.url.split('?')[0],
  ip: clientIp(request),
})

/** PostgreSQL's fields that name the schema, never a value. */
const sqlFields = ['code', 'severity', 'table', 'column', 'constraint', 'routine'] as const

export function errorSerializer(error: unknown): {
  [key: string]: unknown
  type: string
  message: string
  stack: string
} {
  if (!(error instanceof Error)) return { type: typeof error, message: '', stack: '' }
  const fields = error as unknown as Record<string, unknown>
  const sql: Record<string, string> = {}
  for (const name of sqlFields) if (typeof fields[name] === 'string') sql[name] = fields[name]
  // `invalid input syntax for type uuid: "…"` and the like end with the offending value.
  const message = error.message.replace(/: ".*"$/s, ': "…"')
  return {
    type: error.name,
    message,
    ...sql,
    stack: (error.stack ?? '').replace(error.message, message),
  }
}

/** Belt and braces for anything logged outside the serializers. */
export const redactedPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.body',
  'res.body',
  'err.params',
  'err.detail',
  'err.query',
  '*.params',
  '*.detail',
  '*.password',
  '*.passwordHash',
]
