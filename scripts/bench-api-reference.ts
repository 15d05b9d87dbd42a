/**
 * The least-work reference of `npm run bench:api` (issue 31): the least an API process must do to
 * answer the profile GET and the desk inbox, in its own process, run by bench-api.ts beside the
 * real server with the server's environment (same JWT_SECRET, PUBLIC_URL and DATABASE_URL).
 *
 * For each request it verifies the bearer access token as the server does (the same
 * createAccessTokens, key and issuer from the same configuration: fast-jwt, HS256, audience
 * `exchange-api`, `typ: JWT`), runs the one query the server's operation needs through the same
 * driver (a `pg` Pool of 10, numeric read as text), and answers the rows as JSON:
 * - GET /profile: liveCaller's query (the profile GET's only one, decision 104), as a named
 *   prepared statement as the server runs it (decision 098), answering the profile's fields;
 * - GET /inbox?<the desk's query>: the very statement the server's inbox sends
 *   (inboxStatement(), server/requests/desk-inbox.ts), unnamed so PostgreSQL plans it for its
 *   values (decision 111), answering its rows as they come.
 * None of the server's hooks, contract validation, permission checks, audit or mapping of rows.
 * It prints `least-work listening` once it listens on PORT.
 */
import Fastify from 'fastify'
import pg from 'pg'
import { createAccessTokens, loadSigningKey } from '../server/auth/access-tokens.ts'
import { liveCallerSql } from '../server/auth/sessions.ts'
import { loadConfig } from '../server/config.ts'
import { moneyAsText } from '../server/db/postgres-database.ts'
import { bearerToken } from '../server/http/bearer-auth.ts'
import { inboxStatement, type InboxQuery } from '../server/requests/desk-inbox.ts'
import { profileOfRow, type ProfileRow } from '../server/users/profile-service.ts'

const config = loadConfig()
if (!config.databaseUrl) throw new Error('the least-work reference needs DATABASE_URL')
const tokens = createAccessTokens(
  await loadSigningKey(config),
  config.publicUrl,
  config.accessTokenTtlSeconds,
)
const pool = new pg.Pool({ connectionString: config.databaseUrl, types: moneyAsText, max: 10 })
const profileStatement = { name: 'least-work-profile', text: liveCallerSql }

// bench-api.ts asks for this process's CPU over IPC, as it does of the others.
process.on('message', () => process.send?.(process.cpuUsage()))

const app = Fastify()
app.get('/profile', async (request, reply) => {
  const token = bearerToken(request.headers.authorization)
  const claims = token ? await tokens.verify(token) : undefined
  if (!claims) return reply.code(401).send({ title: 'Unauthorized' })
  const { rows } = await pool.query<ProfileRow & { user_id: string; live: boolean }>({
    ...profileStatement,
    values: [claims.sessionId, new Date()],
  })
  const row = rows[0]
  if (row?.user_id !== claims.userId || !row.live)
    return reply.code(401).send({ title: 'Unauthorized' })
  return profileOfRow(row)
})
app.get('/inbox', async (request, reply) => {
  const token = bearerToken(request.headers.authorization)
  const claims = token ? await tokens.verify(token) : undefined
  if (!claims) return reply.code(401).send({ title: 'Unauthorized' })
  const { sql, params, limit } = inboxStatement(
    request.query as InboxQuery,
    claims.userId,
    new Date(),
  )
  const { rows } = await pool.query(sql, params)
  return { items: rows.slice(0, limit) }
})
await app.listen({ host: '127.0.0.1', port: config.port })
console.log('least-work listening')
