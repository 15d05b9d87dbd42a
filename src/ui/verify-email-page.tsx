import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { AuthLayout } from './auth-layout'
import { PublicLoadingScreen } from './public-loading-screen'
import { usePagePath } from './public-locale'

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
  const { t } = useLingui()
  const path = usePagePath()
  if (status === 'verifying') return <PublicLoadingScreen />
  const confirmed = status !== 'failed'
  // The same words as the constants above (the tests read those), in the page's language.
  return (
    <AuthLayout title={confirmed ? t`Email was confirmed` : t`Email not confirmed`}>
      <p className="auth-lead">
        {confirmed
          ? t`Now you can proceed to login.`
          : t`Please check if link was valid. Email is NOT confirmed.`}
      </p>
      {status === 'passwordToChoose' && (
        <p className="auth-lead">
          {t`Because this address was registered more than once, we have e-mailed you a link to choose your password.`}
        </p>
      )}
      <Link to={path('/app/login')} className="button button-primary button-block">
        {t`To Login`}
      </Link>
    </AuthLayout>
  )
}
