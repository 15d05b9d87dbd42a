import type { Database } from '../db/database.ts'
import { UnknownAccount } from '../domain-errors.ts'
import type { Locale } from '../../domain/locale.ts'

export interface Profile {
  firstName: string
  lastName: string
  email: string
  phone: string
  country: string
  locale: Locale
}

/** The editable fields; the language stays as it is when absent. */
export type ProfileUpdate = Omit<Profile, 'email' | 'locale'> & { locale?: Locale }

/** The columns of `users` a Profile is read from. */
export const profileColumns = 'first_name, last_name, email, phone, country, locale'

export type ProfileRow = {
  first_name: string
  last_name: string
  email: string
  phone: string
  country: string
  locale: Locale
}

/** A row of `users` as the contract's Profile. */
export function profileOfRow(row: ProfileRow): Profile {
  return {
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    phone: row.phone,
    country: row.country,
    locale: row.locale,
  }
}

/**
 * The contract's ProfileUpdate has checked every rule (the phone's 5 digits are in its pattern);
 * what is stored is normalised as the schema's descriptions say: trimmed, a phone's runs of
 * spaces made one.
 */
function cleanUpdate(update: ProfileUpdate): ProfileUpdate {
  return {
    firstName: update.firstName.trim(),
    lastName: update.lastName.trim(),
    phone: update.phone.trim().replace(/\s+/g, ' '),
    country: update.country,
    ...(update.locale ? { locale: update.locale } : {}),
  }
}

export function createProfileService(db: Database, now: () => Date) {
  async function get(userId: string): Promise<Profile> {
    const [row] = await db.query<ProfileRow>(`SELECT ${profileColumns} FROM users WHERE id = $1`, [
      userId,
    ])
    if (!row) throw new UnknownAccount()
    return profileOfRow(row)
  }

  return {
    get,
    async update(userId: string, update: ProfileUpdate): Promise<Profile> {
      const clean = cleanUpdate(update)
      const [row] = await db.query<{ id: string }>(
        `UPDATE users SET first_name = $2, last_name = $3, phone = $4, country = $5,
           locale = COALESCE($7, locale), updated_at = $6
         WHERE id = $1 RETURNING id`,
        [
          userId,
          clean.firstName,
          clean.lastName,
          clean.phone,
          clean.country,
          now(),
          clean.locale ?? null,
        ],
      )
      if (!row) throw new UnknownAccount()
      return get(userId)
    },
  }
}

export type ProfileService = ReturnType<typeof createProfileService>
