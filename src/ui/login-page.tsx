import { Link } from '@tanstack/react-router'
import { AuthForm, AuthLayout } from './auth-layout'
import { FormAlert, SubmitButton, TextField } from './form-fields'
import { GENERIC_ERROR, type FormViewProps } from './form-view'

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
  return (
    <AuthLayout title="Log in">
      <p className="auth-lead">Welcome back. Log in to your account.</p>
      {notice && !errorType ? (
        <p className="auth-note" role="status">
          {notice}
        </p>
      ) : null}
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
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          value={values.password}
          error={errors.password}
          onChange={(value) => {
            onChange('password', value)
          }}
        />
        <div className="auth-row-end">
          <Link to="/app/forgot-password" className="text-link">
            Forgot password?
          </Link>
        </div>
        {errorType ? (
          <FormAlert>
            {errorType === 'EMAIL_NOT_VERIFIED' ? 'Email not verified' : GENERIC_ERROR}
          </FormAlert>
        ) : null}
        <SubmitButton label="Log in" busy={submitting} />
      </AuthForm>
      <p className="auth-footer">
        Don’t have an account?{' '}
        <Link to="/app/register" className="text-link">
          Sign up
        </Link>
      </p>
    </AuthLayout>
  )
}
