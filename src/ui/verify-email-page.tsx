import { Link } from '@tanstack/react-router'
import { AuthLayout } from './auth-layout'
import { LoadingScreen } from './loading-screen'

export type VerifyEmailPageStatus = 'verifying' | 'confirmed' | 'passwordToChoose' | 'failed'

export const EMAIL_CONFIRMED_TITLE = 'Email was confirmed'
export const EMAIL_CONFIRMED = 'Now you can proceed to login.'
export const PASSWORD_TO_CHOOSE =
  'Because this address was registered more than once, we have e-mailed you a link to choose your password.'
export const EMAIL_NOT_CONFIRMED_TITLE = 'Email not confirmed'
export const EMAIL_NOT_CONFIRMED = 'Please check if link was valid. Email is NOT confirmed.'

/**
 * /app/verify-email/:token (docs/product/screens.md#email-confirmation-page): one of two results,
 * both with 'To Login'. A confirmed address that was registered more than once also says that an
 * e-mail to choose the password is on its way (decision 080), since no registration's password
 * opens it.
 */
export function VerifyEmailPage({ status }: { status: VerifyEmailPageStatus }) {
  if (status === 'verifying') return <LoadingScreen />
  const confirmed = status !== 'failed'
  return (
    <AuthLayout title={confirmed ? EMAIL_CONFIRMED_TITLE : EMAIL_NOT_CONFIRMED_TITLE}>
      <p className="auth-lead">{confirmed ? EMAIL_CONFIRMED : EMAIL_NOT_CONFIRMED}</p>
      {status === 'passwordToChoose' && <p className="auth-lead">{PASSWORD_TO_CHOOSE}</p>}
      <Link to="/app/login" className="button button-primary button-block">
        To Login
      </Link>
    </AuthLayout>
  )
}
