import { Link } from '@tanstack/react-router'
import { AuthLayout } from './auth-layout'
import { LoadingScreen } from './loading-screen'

/**
 * /app/verify-email/:token (docs/product/screens.md#email-confirmation-page): one of two results,
 * both with 'To Login'.
 */
export function VerifyEmailPage({ status }: { status: 'verifying' | 'confirmed' | 'failed' }) {
  if (status === 'verifying') return <LoadingScreen />
  const confirmed = status === 'confirmed'
  return (
    <AuthLayout title={confirmed ? 'Email was confirmed' : 'Email not confirmed'}>
      <p className="auth-lead">
        {confirmed
          ? 'Now you can proceed to login.'
          : 'Please check if link was valid. Email is NOT confirmed.'}
      </p>
      <Link to="/app/login" className="button button-primary button-block">
        To Login
      </Link>
    </AuthLayout>
  )
}
