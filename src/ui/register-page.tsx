import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { AuthForm, AuthLayout } from './auth-layout'
import { CheckboxField, FormAlert, SubmitButton, TextField } from './form-fields'
import { useFieldMessage } from './field-messages'
import type { FormViewProps } from './form-view'
import { usePagePath } from './public-locale'

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
  const { t } = useLingui()
  const field = useFieldMessage()
  const path = usePagePath()
  return (
    <AuthLayout title={t`Sign up`}>
      <p className="auth-lead">{t`Create your account to exchange with full legal compliance.`}</p>
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
          autoComplete="new-password"
          value={values.password}
          error={field(errors.password)}
          onChange={(value) => {
            onChange('password', value)
          }}
        />
        <CheckboxField
          label={t`I accept Terms and Conditions and Privacy Policy`}
          name="acceptRules"
          checked={values.acceptRules}
          error={field(errors.acceptRules)}
          onChange={(checked) => {
            onChange('acceptRules', checked)
          }}
        />
        {errorType ? (
          <FormAlert>
            {t`Something went wrong.`}{' '}
            {supportUrl ? (
              <a href={supportUrl} className="text-link" target="_blank" rel="noopener noreferrer">
                {t`Contact support`}
              </a>
            ) : (
              t`Contact support`
            )}
          </FormAlert>
        ) : null}
        <SubmitButton label={t`Sign up`} busy={submitting} />
      </AuthForm>
      <p className="auth-footer">
        {t`Already have an account?`}{' '}
        <Link to={path('/app/login')} className="text-link">
          {t`Log in`}
        </Link>
      </p>
    </AuthLayout>
  )
}
