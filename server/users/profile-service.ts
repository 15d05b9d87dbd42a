import type { Database } from '../db/database.ts'
import { InvalidInput, NotFound } from '../domain-errors.ts'
import type { FieldError } from '../http/problem.ts'

export interface Profile {
  firstName: string
  lastName: string
  email: string
  phone: string
  country: string
}

export type ProfileUpdate = Omit<Profile, 'email'>

/** Rules beyond the schema's shape: names are trimmed and may not be only spaces once sent. */
function cleanUpdate(update: ProfileUpdate): ProfileUpdate {
  const errors: FieldError[] = []
  const clean = {
    firstName: update.firstName.trim(),
    lastName: update.lastName.trim(),
    phone: update.phone.trim().replace(/\s+/g, ' '),
    country: update.country.trim().toUpperCase(),
  }
  if (clean.phone !== '' && clean.phone.replace(/\D/g, '').length < 5)
    errors.push({ field: '/phone', message: 'must have at least 5 digits', code: 'minDigits' })
  if (errors.length > 0) throw new InvalidInput(errors)
  return clean
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
    if (!row) throw new NotFound('No such user')
    return {
      firstName: row.first_name,
      lastName: row.last_name,
      email: row.email,
      phone: row.phone,
      country: row.country,
    }
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
      if (!row) throw new NotFound('No such user')
      return get(userId)
    },
  }
}

export type ProfileService = ReturnType<typeof createProfileService>
