import { useLingui } from '@lingui/react/macro'
import type { ChangePasswordView } from '../../machines/change-password/change-password.machine'
import { InputField } from './account-fields'
import { SECURITY_MESSAGES, passwordFailureMessage } from './security-texts'
import { fieldMessage } from './field-messages'

export interface ChangePasswordCardProps {
  view: ChangePasswordView
  onChange: (value: string) => void
  onSubmit: () => void
}

/** Issue 14: a new password (6 to 128, the server's strength rule), after a step-up. */
export function ChangePasswordCard({ view, onChange, onSubmit }: ChangePasswordCardProps) {
  const { t } = useLingui()
  return (
    <div className="account-card account-card-wide" role="group" aria-labelledby="password-title">
      <h3 id="password-title" className="account-subtitle">
        {t(SECURITY_MESSAGES.PASSWORD_TITLE)}
      </h3>
      <p className="account-note">{t(SECURITY_MESSAGES.PASSWORD_LEAD)}</p>
      <form
        className="profile-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          onSubmit()
        }}
      >
        <InputField
          label={t(SECURITY_MESSAGES.NEW_PASSWORD_LABEL)}
          name="newPassword"
          type="password"
          value={view.password}
          autoComplete="new-password"
          error={fieldMessage(t, view.problem)}
          onChange={onChange}
        />
        {view.failure ? (
          <div className="form-alert" role="alert">
            {t(passwordFailureMessage(view.failure))}
          </div>
        ) : null}
        <div className="profile-actions">
          <button
            type="submit"
            className="button button-primary"
            disabled={view.submitting}
            aria-busy={view.submitting || undefined}
          >
            {t(SECURITY_MESSAGES.CHANGE_PASSWORD)}
          </button>
          <p className="profile-saved" role="status">
            {view.changed ? t(SECURITY_MESSAGES.PASSWORD_CHANGED) : ''}
          </p>
        </div>
      </form>
    </div>
  )
}
