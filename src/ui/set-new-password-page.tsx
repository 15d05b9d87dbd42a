import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { AuthForm, AuthLayout } from './auth-layout'
import { FormAlert, SubmitButton, TextField } from './form-fields'
import { useFieldMessage } from './field-messages'
import type { FormViewProps } from './form-view'
import { usePagePath } from './public-locale'

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
  const { t } = useLingui()
  const field = useFieldMessage()
  const path = usePagePath()
  return (
    <AuthLayout title={t`Set a new password`}>
      <p className="auth-lead">{t`Choose a new password of at least 6 characters.`}</p>
      <AuthForm onSubmit={onSubmit}>
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
        {errorType ? <FormAlert>{t`Error. Please try again or contact support`}</FormAlert> : null}
        <SubmitButton label={t`Save password`} busy={submitting} />
      </AuthForm>
      <p className="auth-footer">
        <Link to={path('/app/login')} className="text-link">
          {t`Back to log in`}
        </Link>
      </p>
    </AuthLayout>
  )
}

/** /app/set-new-password/success (docs/product/screens.md#password-reset-success-page). */
export function SetNewPasswordSuccessPage() {
  const { t } = useLingui()
  const path = usePagePath()
  return (
    <AuthLayout title={t`Your password has been successfully reset!`}>
      <p className="auth-lead">{t`You can now log in with your new password.`}</p>
      <Link to={path('/app/login')} className="button button-primary button-block">
        {t`Log in`}
      </Link>
    </AuthLayout>
  )
}
