import { Link } from '@tanstack/react-router'
import { AuthForm, AuthLayout } from './auth-layout'
import { FormAlert, SubmitButton, TextField } from './form-fields'
import { GENERIC_ERROR, type FormViewProps } from './form-view'

export type ForgotPasswordPageProps = FormViewProps<{ email: string }>

/** The forgot-password screen's entry form (docs/product/screens.md#forgot-password-screen). */
export function ForgotPasswordPage({
  values,
  errors,
  submitting,
  errorType,
  onChange,
  onSubmit,
}: ForgotPasswordPageProps) {
  return (
    <AuthLayout title="Forgot password">
      <p className="auth-lead">
        Enter your e-mail and we will send you a link to reset your password.
      </p>
      <AuthForm onSubmit={onSubmit}>
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          value={values.email}
          error={errors.email}
          onChange={(value) => {
            onChange('email', value)
          }}
        />
        {errorType ? <FormAlert>{GENERIC_ERROR}</FormAlert> : null}
        <SubmitButton label="Send" busy={submitting} />
      </AuthForm>
      <p className="auth-footer">
        <Link to="/app/login" className="text-link">
          Back to log in
        </Link>
      </p>
    </AuthLayout>
  )
}

export interface CheckEmailPageProps {
  /** The countdown as mm:ss. */
  remaining: string
  /** False while the countdown runs. */
  canResend: boolean
  onResend: () => void
}

/**
 * 'Check your email' with the 3-minute countdown; the send button waits for it
 * (docs/product/screens.md#check-your-email-screen).
 */
export function CheckEmailPage({ remaining, canResend, onResend }: CheckEmailPageProps) {
  return (
    <AuthLayout title="Check your email">
      <p className="auth-lead">
        If an account exists for this address, we sent it a link to reset your password.
      </p>
      <p className="countdown">
        You can request a new link in{' '}
        <time className="countdown-time" role="timer" aria-live="off" aria-label="Time left">
          {remaining}
        </time>
      </p>
      <button
        type="button"
        className="button button-primary button-block"
        disabled={!canResend}
        onClick={onResend}
      >
        Send again
      </button>
      <p className="auth-footer">
        <Link to="/app/login" className="text-link">
          Back to log in
        </Link>
      </p>
    </AuthLayout>
  )
}
