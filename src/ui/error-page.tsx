import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'

/**
 * The generic messages for the HTTP statuses a router or loader error may carry
 * (docs/product/screens.md#application-error-page).
 */
const statusMessages: Record<number, MessageDescriptor> = {
  400: msg`The request could not be understood. Please check the address and try again.`,
  403: msg`You are not allowed to see this page.`,
  404: msg`This page does not exist.`,
  405: msg`This action is not allowed here.`,
}

/**
 * The fallback for router and application errors; 'Go Home' reloads the app from /
 * (docs/product/errors.md#application-errors).
 */
export function ErrorPage({ status }: { status?: number | undefined }) {
  const { t } = useLingui()
  const known = status === undefined ? undefined : statusMessages[status]
  const message = known ? t(known) : t`Something went wrong on our side. Please try again.`
  return (
    <main className="centered-page" role="alert">
      <h1>{t`Unexpected Application Error!`}</h1>
      {status !== undefined && status in statusMessages ? (
        <p className="error-status">{status}</p>
      ) : null}
      <p>{message}</p>
      <a href="/" className="button button-primary">
        {t`Go Home`}
      </a>
    </main>
  )
}

/**
 * The HTTP status the error page shows for a thrown value: a thrown Response's, or any object's
 * numeric `status` (an API failure's); undefined for anything else.
 */
export function errorPageStatusOf(error: unknown): number | undefined {
  if (typeof error === 'object' && error !== null && 'status' in error) {
    const { status } = error as { status: unknown }
    if (typeof status === 'number') return status
  }
  return undefined
}
