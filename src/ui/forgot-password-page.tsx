import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { AuthForm, AuthLayout } from './auth-layout'
import { FormAlert, SubmitButton, TextField } from './form-fields'
import { useFieldMessage } from './field-messages'
import type { FormViewProps } from './form-view'
import { usePagePath } from './public-locale'

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
  const { t } = useLingui()
  const field = useFieldMessage()
  const path = usePagePath()
  return (
    <AuthLayout title={t`Forgot password`}>
      <p className="auth-lead">
        {t`Enter your e-mail and we will send you a link to reset your password.`}
      </p>
      <AuthForm onSubmit={onSubmit}>
        <TextField
          label={t`Email`}
          name="email"
          type="email"
          autoComplete="email"
          value={values.email}
          error={field(errors.email)}
          onChange={(value) => {
            onChange('email', value)
          }}
        />
        {errorType ? <FormAlert>{t`Error. Please try again or contact support`}</FormAlert> : null}
        <SubmitButton label={t`Send`} busy={submitting} />
      </AuthForm>
      <p className="auth-footer">
        <Link to={path('/app/login')} className="text-link">
          {t`Back to log in`}
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
  const { t } = useLingui()
  const path = usePagePath()
  return (
    <AuthLayout title={t`Check your email`}>
      <p className="auth-lead">
        {t`If an account exists for this address, we sent it a link to reset your password.`}
      </p>
      <p className="countdown">
        {t`You can request a new link in`}{' '}
        <time className="countdown-time" role="timer" aria-live="off" aria-label={t`Time left`}>
          {remaining}
        </time>
      </p>
      <button
        type="button"
        className="button button-primary button-block"
        disabled={!canResend}
        onClick={onResend}
      >
        {t`Send again`}
      </button>
      <p className="auth-footer">
        <Link to={path('/app/login')} className="text-link">
          {t`Back to log in`}
        </Link>
      </p>
    </AuthLayout>
  )
}
