import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { AuthForm, AuthLayout } from './auth-layout'
import { FormAlert, SubmitButton, TextField } from './form-fields'
import { useFieldMessage } from './field-messages'
import type { FormViewProps } from './form-view'
import { usePagePath } from './public-locale'
import { CHALLENGE_EXPIRED } from './second-factor-texts'

export type LoginPageProps = FormViewProps<{ email: string; password: string }> & {
  /** Why the customer is here again (the second step's challenge expired); hidden by a failure. */
  notice?: string | null
}

/**
 * The log-in form (docs/product/screens.md#log-in-form): 'Email not verified' for
 * EMAIL_NOT_VERIFIED, otherwise the generic text (docs/product/errors.md#login-errors).
 */
export function LoginPage({
  values,
  errors,
  submitting,
  errorType,
  notice,
  onChange,
  onSubmit,
}: LoginPageProps) {
  const { t } = useLingui()
  const field = useFieldMessage()
  const path = usePagePath()
  return (
    <AuthLayout title={t`Log in`}>
      <p className="auth-lead">{t`Welcome back. Log in to your account.`}</p>
      {notice && !errorType ? (
        <p className="auth-note" role="status">
          {notice === CHALLENGE_EXPIRED
            ? t`Your login has expired. Please enter your password again.`
            : notice}
        </p>
      ) : null}
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
        <TextField
          label={t`Password`}
          name="password"
          type="password"
          autoComplete="current-password"
          value={values.password}
          error={field(errors.password)}
          onChange={(value) => {
            onChange('password', value)
          }}
        />
        <div className="auth-row-end">
          <Link to={path('/app/forgot-password')} className="text-link">
            {t`Forgot password?`}
          </Link>
        </div>
        {errorType ? (
          <FormAlert>
            {errorType === 'EMAIL_NOT_VERIFIED'
              ? t`Email not verified`
              : t`Error. Please try again or contact support`}
          </FormAlert>
        ) : null}
        <SubmitButton label={t`Log in`} busy={submitting} />
      </AuthForm>
      <p className="auth-footer">
        {t`Don’t have an account?`}{' '}
        <Link to={path('/app/register')} className="text-link">
          {t`Sign up`}
        </Link>
      </p>
    </AuthLayout>
  )
}
