import { Link } from '@tanstack/react-router'
import { AuthForm, AuthLayout } from './auth-layout'
import { FormAlert, SubmitButton, TextField } from './form-fields'
import { GENERIC_ERROR, type FormViewProps } from './form-view'

export type SetNewPasswordPageProps = FormViewProps<{ password: string }>

/**
 * The set-new-password screen (docs/product/screens.md#set-new-password-screen): one Password
 * field, no separate confirmation.
 */
export function SetNewPasswordPage({
  values,
  errors,
  submitting,
  errorType,
  onChange,
  onSubmit,
}: SetNewPasswordPageProps) {
  return (
    <AuthLayout title="Set a new password">
      <p className="auth-lead">Choose a new password of at least 6 characters.</p>
      <AuthForm onSubmit={onSubmit}>
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          value={values.password}
          error={errors.password}
          onChange={(value) => {
            onChange('password', value)
          }}
        />
        {errorType ? <FormAlert>{GENERIC_ERROR}</FormAlert> : null}
        <SubmitButton label="Save password" busy={submitting} />
      </AuthForm>
      <p className="auth-footer">
        <Link to="/app/login" className="text-link">
          Back to log in
        </Link>
      </p>
    </AuthLayout>
  )
}

/** /app/set-new-password/success (docs/product/screens.md#password-reset-success-page). */
export function SetNewPasswordSuccessPage() {
  return (
    <AuthLayout title="Your password has been successfully reset!">
      <p className="auth-lead">You can now log in with your new password.</p>
      <Link to="/app/login" className="button button-primary button-block">
        Log in
      </Link>
    </AuthLayout>
  )
}
