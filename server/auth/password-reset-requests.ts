/**
 * Password-reset requests are answered at once and looked up afterwards, as jobs, so the answer
 * takes the same time whether or not the address has an account (docs/decisions/041, 106).
 */
import type { Queryable } from '../db/database.ts'
import type { JobHandler } from '../jobs/job-runner.ts'
import { enqueueJob } from '../jobs/jobs.ts'
import { enqueueMail } from '../mail/outbox.ts'
import { resetPasswordMessage } from '../mail/templates.ts'
import type { Locale } from '../../domain/locale.ts'
import { createEmailToken } from './email-tokens.ts'
import { pageUrl } from '../mail/links.ts'

/** How long a reset link works. */
export const resetLinkSeconds = 3600

/** The same work for every address: one row. Kick the job runner after the answer has gone. */
export async function queuePasswordResetRequest(q: Queryable, emailNormalized: string) {
  await enqueueJob(q, 'password-reset.request', { email: emailNormalized })
}

/**
 * Looks the address up and, for a customer, creates the link and queues its e-mail, in the
 * transaction that records the job done: the request is gone exactly when its e-mail is queued.
 */
export function passwordResetHandler(deps: {
  publicUrl: string
  now: () => Date
}): JobHandler<'password-reset.request'> {
  return {
    inTransaction: true,
    async run(job, tx) {
      const [user] = await tx.query<{ id: string; email: string; locale: Locale }>(
        `SELECT id, email, locale FROM users
         WHERE email_normalized = $1 AND deactivated_at IS NULL`,
        [job.payload.email],
      )
      if (!user) return
      const token = await createEmailToken(
        tx,
        user.id,
        'reset_password',
        resetLinkSeconds,
        deps.now(),
      )
      await enqueueMail(
        tx,
        resetPasswordMessage(
          { address: user.email, locale: user.locale },
          pageUrl(deps.publicUrl, user.locale, `/app/set-new-password/${token}`),
        ),
      )
    },
  }
}
