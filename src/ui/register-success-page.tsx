import { Link } from '@tanstack/react-router'
import { AuthLayout } from './auth-layout'

/** /app/register/success (docs/product/screens.md#registration-success-page). */
export function RegisterSuccessPage() {
  return (
    <AuthLayout title="Registration successful">
      <p className="auth-lead">
        Please check your e-mail: we sent you a verification link. Open it to confirm your address,
        then log in.
      </p>
      <Link to="/app/login" className="button button-primary button-block">
        To Login
      </Link>
    </AuthLayout>
  )
}
