import { Link } from '@tanstack/react-router'
import { AuthForm, AuthLayout } from './auth-layout'
import { CheckboxField, FormAlert, SubmitButton, TextField } from './form-fields'
import type { FormViewProps } from './form-view'

export type RegisterPageProps = FormViewProps<{
  email: string
  password: string
  acceptRules: boolean
}> & {
  /** The external help desk for 'Contact support'; null while unknown. */
  supportUrl: string | null
}

/**
 * The sign-up form (docs/product/screens.md#sign-up-form); a failure shows 'Something went wrong.'
 * with 'Contact support' (docs/product/errors.md#registration-failure).
 */
export function RegisterPage({
  values,
  errors,
  submitting,
  errorType,
  supportUrl,
  onChange,
  onSubmit,
}: RegisterPageProps) {
  return (
    <AuthLayout title="Sign up">
      <p className="auth-lead">Create your account to exchange with full legal compliance.</p>
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
          autoComplete="new-password"
          value={values.password}
          error={errors.password}
          onChange={(value) => {
            onChange('password', value)
          }}
        />
        <CheckboxField
          label="I accept Terms and Conditions and Privacy Policy"
          name="acceptRules"
          checked={values.acceptRules}
          error={errors.acceptRules}
          onChange={(checked) => {
            onChange('acceptRules', checked)
          }}
        />
        {errorType ? (
          <FormAlert>
            Something went wrong.{' '}
            {supportUrl ? (
              <a href={supportUrl} className="text-link" target="_blank" rel="noopener noreferrer">
                Contact support
              </a>
            ) : (
              'Contact support'
            )}
          </FormAlert>
        ) : null}
        <SubmitButton label="Sign up" busy={submitting} />
      </AuthForm>
      <p className="auth-footer">
        Already have an account?{' '}
        <Link to="/app/login" className="text-link">
          Log in
        </Link>
      </p>
    </AuthLayout>
  )
}
