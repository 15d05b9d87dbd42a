import type { Database } from '../db/database.ts'
import { UnknownAccount } from '../domain-errors.ts'

export interface Profile {
  firstName: string
  lastName: string
  email: string
  phone: string
  country: string
}

export type ProfileUpdate = Omit<Profile, 'email'>

/** A row of `users` as the contract's Profile. */
export function profileOfRow(row: {
  first_name: string
  last_name: string
  email: string
  phone: string
  country: string
}): Profile {
  return {
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    phone: row.phone,
    country: row.country,
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
  }
}

export function createProfileService(db: Database, now: () => Date) {
  async function get(userId: string): Promise<Profile> {
    const [row] = await db.query<{
      first_name: string
      last_name: string
      email: string
      phone: string
      country: string
    }>('SELECT first_name, last_name, email, phone, country FROM users WHERE id = $1', [userId])
    if (!row) throw new UnknownAccount()
    return profileOfRow(row)
  }

  return {
    get,
    async update(userId: string, update: ProfileUpdate): Promise<Profile> {
      const clean = cleanUpdate(update)
      const [row] = await db.query<{ id: string }>(
        `UPDATE users SET first_name = $2, last_name = $3, phone = $4, country = $5, updated_at = $6
         WHERE id = $1 RETURNING id`,
        [userId, clean.firstName, clean.lastName, clean.phone, clean.country, now()],
      )
      if (!row) throw new UnknownAccount()
      return get(userId)
    },
  }
}

export type ProfileService = ReturnType<typeof createProfileService>
