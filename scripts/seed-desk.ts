/**
 * `npm run seed:desk [-- --requests 100000 --customers 20000]`: a large book for the request desk,
 * to work and measure the inbox against (decision 111). Writes into the database the server would
 * use: DATABASE_URL when set, otherwise the PGlite folder in DATA_DIR (default ./data), which no
 * running server may hold. Migrates first, like the server.
 *
 * What it writes, all in one transaction and from one fixed random seed (the same book each time):
 * - customers `<first>.<last>.<n>@desk-seed.example` (a reserved domain: no mail can leave for
 *   them), each with one throw-away argon2id hash nobody knows the password of;
 * - six managers `desk-seed-staff-<n>@desk-seed.example` to assign requests to; they have no
 *   password or second factor, so they cannot sign in (make real staff with ops:create-staff);
 * - requests submitted over the last year, most of the old ones in a final state and most of the
 *   last days' open, pairs and amounts spread as a retail desk sees them, and each request's
 *   `created` event in request_events.
 * A database that already holds the seed is left as it is: the script says so and adds nothing.
 * Never on a production database: the rows look like customers.
 */
import { randomBytes } from 'node:crypto'
import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { hash } from '@node-rs/argon2'
import { argon2Options } from '../server/auth/passwords.ts'
import { DataDirInUse } from '../server/db/data-dir-lock.ts'
import { migrate } from '../server/db/migrate.ts'
import { openDatabase } from '../server/db/open-database.ts'
import { CRYPTO_CURRENCIES } from '../domain/currencies.ts'

const DOMAIN = 'desk-seed.example'
const STAFF = 6

// One text each rather than arrays, which the formatter would spread one name to a line.
const firstNames =
  `Anna, Piotr, Maria, Krzysztof, Katarzyna, Tomasz, Małgorzata, Paweł, Agnieszka, Michał, Zofia,
  Łukasz, Ewa, Jakub, Joanna, Marek, Lena, Jonas, Sophie, Lukas, Emma, Noah, Chloé, Hugo, Giulia,
  Marco, Sofía, Mateo, Eva, Daan, Olivia, James, Amelia, Oliver, Ingrid, Mikkel, Aino, Eero, Léa,
  Tomás`.split(/,\s+/)
const lastNames =
  `Nowak, Kowalski, Wiśniewska, Wójcik, Kowalczyk, Kamińska, Lewandowski, Zieliński, Szymańska,
  Woźniak, Dąbrowski, Müller, Schmidt, Schneider, Fischer, Weber, Martin, Bernard, Dubois, Rossi,
  Russo, García, Fernández, de Jong, Jansen, Smith, Jones, Taylor, Brown, Hansen, Nielsen,
  Virtanen, Korhonen, Novák, Horváth, Popescu, Ivanova, Silva, Santos, Murphy`.split(/,\s+/)

/** A name's e-mail form: Polish and other letters to their plain Latin ones, no spaces. */
const mailForm = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .replace(/ł/g, 'l')
    .replace(/Ł/g, 'L')
    .replace(/ /g, '')
    .toLowerCase()

function options(): { requests: number; customers: number } {
  const { values } = parseArgs({
    options: { requests: { type: 'string' }, customers: { type: 'string' } },
  })
  const count = (name: string, text: string | undefined, fallback: number) => {
    if (text === undefined) return fallback
    if (!/^[1-9][0-9]{0,6}$/.test(text)) throw new Error(`--${name} takes 1 to 9999999`)
    return Number(text)
  }
  const customers = count('customers', values.customers, 20_000)
  const requests = count('requests', values.requests, 100_000)
  return { requests, customers }
}

async function main(): Promise<void> {
  const { requests, customers } = options()
  if (process.env.NODE_ENV === 'production')
    throw new Error('seed:desk refuses NODE_ENV=production')
  const databaseUrl = process.env.DATABASE_URL || undefined
  const dataDir = resolve(process.env.DATA_DIR ?? './data')
  const db = await openDatabase({ databaseUrl, dataDir }, (error) => {
    console.error(`PostgreSQL pool error: ${error.message}`)
  })
  const started = Date.now()
  try {
    await migrate(db)
    const passwordHash = await hash(randomBytes(32).toString('base64url'), argon2Options)
    const outcome = await db.transaction(async (tx) => {
      // Two seeds started together: the second waits here, then finds the first one's rows.
      await tx.query('SELECT pg_advisory_xact_lock(28028001)')
      const [present] = await tx.query<{ customers: string; requests: string }>(
        `SELECT count(DISTINCT u.id)::text AS customers, count(r.id)::text AS requests
         FROM users u LEFT JOIN exchange_requests r ON r.user_id = u.id
         WHERE u.email_normalized LIKE '%@' || $1 AND u.kind = 'customer'`,
        [DOMAIN],
      )
      if (present && present.customers !== '0') return { seeded: false as const, present }

      await tx.query('SELECT setseed(0.28)')
      const now = new Date()
      await tx.query(
        `INSERT INTO users (id, email, email_normalized, password_hash, email_verified_at,
           first_name, last_name, kind, created_at, updated_at)
         SELECT md5('desk-seed-staff-' || s)::uuid, e, e, $1, $2, 'Desk', 'Manager ' || s, 'staff',
                $2, $2
         FROM generate_series(1, ${String(STAFF)}) s,
              LATERAL (SELECT 'desk-seed-staff-' || s || '@' || $3::text AS e) m`,
        [passwordHash, new Date(now.getTime() - 400 * 86_400_000), DOMAIN],
      )
      await tx.query(
        `INSERT INTO staff_roles (user_id, role, granted_at)
         SELECT md5('desk-seed-staff-' || s)::uuid, 'manager', $1
         FROM generate_series(1, ${String(STAFF)}) s`,
        [new Date(now.getTime() - 400 * 86_400_000)],
      )
      // Customer n's name is a function of n, so requests can repeat it without a join.
      await tx.query(
        `INSERT INTO users (id, email, email_normalized, password_hash, email_verified_at,
           first_name, last_name, country, created_at, updated_at)
         SELECT md5('desk-seed-customer-' || n)::uuid, e, lower(e), $1, t, f, l, c, t, t
         FROM generate_series(1, $2::int) n,
              LATERAL (SELECT ($3::text[])[1 + n % cardinality($3::text[])] AS f,
                              ($4::text[])[1 + (n / cardinality($3::text[])) % cardinality($4::text[])] AS l,
                              ($5::text[])[1 + n % cardinality($5::text[])] AS mf,
                              ($6::text[])[1 + (n / cardinality($5::text[])) % cardinality($6::text[])] AS ml,
                              (ARRAY['PL','PL','PL','DE','FR','IT','ES','NL','IE','FI'])[1 + n % 10] AS c,
                              $7::timestamptz - random() * interval '30 days' AS t) names,
              LATERAL (SELECT mf || '.' || ml || '.' || n || '@' || $8::text AS e) address`,
        [
          passwordHash,
          customers,
          firstNames,
          lastNames,
          firstNames.map(mailForm),
          lastNames.map(mailForm),
          new Date(now.getTime() - 365 * 86_400_000),
          DOMAIN,
        ],
      )
      await tx.query(
        `INSERT INTO exchange_requests (id, user_id, from_currency, to_currency, amount, name,
           email, phone, country, message, state, version, assignee_id, created_at, updated_at)
         -- One customer in seven is a firm and gives the firm's name as the contact.
         SELECT md5('desk-seed-request-' || g)::uuid, u.id, p.from_currency, p.to_currency,
                a.amount, CASE WHEN c.k % 7 = 3 THEN u.last_name || ' Sp. z o.o.'
                               ELSE u.first_name || ' ' || u.last_name END,
                u.email, '+48 600 ' || lpad((c.k % 1000)::text, 3, '0') || ' ' ||
                  lpad((c.k % 997)::text, 3, '0'), u.country, '', s.state,
                CASE WHEN s.state = 'submitted' THEN 1 ELSE 2 + (g % 5) END,
                CASE WHEN s.state = 'submitted' OR g % 10 = 0 THEN NULL
                     ELSE md5('desk-seed-staff-' || (1 + g % ${String(STAFF)}))::uuid END,
                t.created_at,
                CASE WHEN s.state = 'submitted' THEN t.created_at
                     ELSE least($3::timestamptz, t.created_at + random() * interval '5 days') END
         FROM generate_series(1, $1::int) g,
              -- A few customers come back often, most once or twice.
              LATERAL (SELECT 1 + floor($2::int * power(random(), 1.5))::int AS k WHERE g > 0) c,
              LATERAL (SELECT id, email, first_name, last_name, country FROM users
                       WHERE id = md5('desk-seed-customer-' || c.k)::uuid) u,
              -- More requests lately than a year ago: the business grows.
              LATERAL (SELECT $3::timestamptz - power(random(), 1.3) * interval '365 days'
                       AS created_at WHERE g > 0) t,
              LATERAL (SELECT extract(epoch FROM $3::timestamptz - t.created_at) / 86400 AS age,
                              random() AS r) d,
              LATERAL (SELECT CASE
                WHEN d.age > 30 THEN CASE
                  WHEN d.r < 0.55 THEN 'completed' WHEN d.r < 0.75 THEN 'declined'
                  WHEN d.r < 0.87 THEN 'expired' WHEN d.r < 0.97 THEN 'cancelled'
                  WHEN d.r < 0.985 THEN 'on_hold' ELSE 'awaiting_customer' END
                WHEN d.age > 7 THEN CASE
                  WHEN d.r < 0.35 THEN 'completed' WHEN d.r < 0.50 THEN 'declined'
                  WHEN d.r < 0.60 THEN 'expired' WHEN d.r < 0.68 THEN 'cancelled'
                  WHEN d.r < 0.76 THEN 'in_review' WHEN d.r < 0.84 THEN 'on_hold'
                  WHEN d.r < 0.90 THEN 'awaiting_customer' WHEN d.r < 0.94 THEN 'offer_sent'
                  WHEN d.r < 0.97 THEN 'awaiting_payment' ELSE 'offer_pending_approval' END
                ELSE CASE
                  WHEN d.r < 0.10 THEN 'completed' WHEN d.r < 0.15 THEN 'declined'
                  WHEN d.r < 0.20 THEN 'cancelled' WHEN d.r < 0.35 THEN 'submitted'
                  WHEN d.r < 0.45 THEN 'assigned' WHEN d.r < 0.65 THEN 'in_review'
                  WHEN d.r < 0.75 THEN 'awaiting_customer' WHEN d.r < 0.80 THEN 'offer_pending_approval'
                  WHEN d.r < 0.90 THEN 'offer_sent' ELSE 'awaiting_payment' END
                END AS state) s,
              -- EUR buyers of BTC most of all; a sale (crypto to fiat) one time in seven.
              LATERAL (SELECT CASE WHEN f.r < 0.60 THEN 'EUR' WHEN f.r < 0.85 THEN 'USD'
                                   ELSE 'GBP' END AS fiat,
                              CASE WHEN f.q < 0.40 THEN 'BTC' WHEN f.q < 0.65 THEN 'ETH'
                                   ELSE ($4::text[])[1 + floor(random() * cardinality($4::text[]))::int]
                              END AS crypto,
                              f.s < 0.86 AS buys
                       FROM (SELECT random() AS r, random() AS q, random() AS s, g) f) x,
              LATERAL (SELECT CASE WHEN x.buys THEN x.fiat ELSE x.crypto END AS from_currency,
                              CASE WHEN x.buys THEN x.crypto ELSE x.fiat END AS to_currency) p,
              -- Whole units of what is paid: 50 to 200,000 of a fiat, fewer of a coin.
              LATERAL (SELECT CASE WHEN x.buys
                         THEN round(exp(ln(50) + random() * ln(4000)))
                         WHEN x.crypto IN ('BTC', 'ETH') THEN ceil(exp(random() * ln(40)))
                         ELSE ceil(exp(random() * ln(100000))) END::numeric AS amount) a`,
        [requests, customers, now, CRYPTO_CURRENCIES.filter((c) => c !== 'BTC' && c !== 'ETH')],
      )
      await tx.query(
        `INSERT INTO request_events (request_id, customer_id, kind, for_customer, actor_kind,
           actor_id, to_state, at)
         SELECT id, user_id, 'created', true, 'customer', user_id, 'submitted', created_at
         FROM exchange_requests
         WHERE id = ANY (SELECT md5('desk-seed-request-' || g)::uuid
                         FROM generate_series(1, $1::int) g)
         ORDER BY created_at, id`,
        [requests],
      )
      return { seeded: true as const }
    })
    if (!outcome.seeded) {
      console.log(
        `seed:desk: this database already holds the desk seed (${outcome.present.customers} customers, ${outcome.present.requests} requests); nothing added`,
      )
      return
    }
    // Fresh statistics, so the first plans see the new book and not an empty table.
    await db.exec('ANALYZE users; ANALYZE exchange_requests; ANALYZE request_events')
    const [open] = await db.query<{ open: string }>(
      `SELECT count(*)::text AS open FROM exchange_requests
       WHERE state NOT IN ('completed', 'declined', 'expired', 'cancelled')`,
    )
    console.log(
      `seed:desk: ${requests.toLocaleString('en')} requests (${Number(open?.open ?? 0).toLocaleString('en')} open) from ${customers.toLocaleString('en')} customers, ${String(STAFF)} desk managers, into ${databaseUrl ? 'PostgreSQL' : dataDir} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    )
  } finally {
    await db.close()
  }
}

try {
  await main()
} catch (error) {
  if (error instanceof DataDirInUse) {
    console.error(`${error.message} (stop the server first: the seed writes into its folder)`)
    process.exit(1)
  }
  console.error(`seed:desk: ${error instanceof Error ? error.message : String(error)}`)
  process.exit(1)
}
