import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { AuthLayout } from './auth-layout'
import { usePagePath } from './public-locale'

/** /app/register/success (docs/product/screens.md#registration-success-page). */
export function RegisterSuccessPage() {
  const { t } = useLingui()
  const path = usePagePath()
  return (
    <AuthLayout title={t`Registration successful`}>
      <p className="auth-lead">
        {t`Please check your e-mail: we sent you a verification link. Open it to confirm your address, then log in.`}
      </p>
      <Link to={path('/app/login')} className="button button-primary button-block">
        {t`To Login`}
      </Link>
    </AuthLayout>
  )
}
