import { useLingui } from '@lingui/react/macro'
import { useId } from 'react'
import type { StepUpProof, StepUpView } from '../../machines/step-up/step-up.machine'
import { InputField } from './account-fields'
import {
  SECURITY_MESSAGES,
  stepUpAlertMessage,
  stepUpCodeLabelMessage,
  stepUpCodeMessage,
  stepUpIntroMessage,
  stepUpPasswordMessage,
  stepUpSwitchMessage,
} from './security-texts'
import { textOf } from './english'
import './customer.css'
import './security.css'

export interface StepUpDialogProps {
  view: StepUpView
  onPasswordChange: (value: string) => void
  onCodeChange: (value: string) => void
  onSwitchProof: (proof: StepUpProof) => void
  onSubmit: () => void
  onCancel: () => void
}

/**
 * Issue 14 item 7, issue 25 finding 2: 'Confirm it's you' before a sensitive change, with the
 * password and, when the account has one, a proof of the second factor (an app code, a recovery
 * code, or the passkey's prompt after Confirm).
 */
export function StepUpDialog({
  view,
  onPasswordChange,
  onCodeChange,
  onSwitchProof,
  onSubmit,
  onCancel,
}: StepUpDialogProps) {
  const { t } = useLingui()
  const titleId = useId()
  const introId = useId()
  if (!view.open) return null
  const { proof } = view
  const alert = textOf(t, stepUpAlertMessage(view.problem, proof))
  return (
    <div className="dialog-backdrop">
      <div
        className="dialog step-up-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={introId}
        onKeyDown={(event) => {
          if (event.key === 'Escape') onCancel()
        }}
      >
        <h2 id={titleId} className="dialog-title">
          {t(SECURITY_MESSAGES.STEP_UP_TITLE)}
        </h2>
        <p id={introId}>{t(stepUpIntroMessage(proof))}</p>
        <form
          className="dialog-form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault()
            onSubmit()
          }}
        >
          <InputField
            label={t(SECURITY_MESSAGES.STEP_UP_PASSWORD_LABEL)}
            name="password"
            type="password"
            value={view.password}
            autoComplete="current-password"
            error={textOf(t, stepUpPasswordMessage(view.passwordProblem, view.problem, proof))}
            autoFocus
            onChange={onPasswordChange}
          />
          {proof === 'totp' || proof === 'recovery-code' ? (
            // A new field per kind of code, so the browser offers a one-time code only for the app.
            <InputField
              key={proof}
              label={t(stepUpCodeLabelMessage(proof))}
              name={proof === 'totp' ? 'totpCode' : 'recoveryCode'}
              value={view.code}
              autoComplete={proof === 'totp' ? 'one-time-code' : 'off'}
              {...(proof === 'totp' ? { inputMode: 'numeric' as const } : {})}
              error={textOf(t, stepUpCodeMessage(view.codeProblem, proof))}
              onChange={onCodeChange}
            />
          ) : null}
          {view.prompting ? (
            <p role="status">{t(SECURITY_MESSAGES.STEP_UP_PASSKEY_PROMPTING)}</p>
          ) : null}
          {view.switches.map((other) => (
            <button
              key={other}
              type="button"
              className="link-button"
              disabled={view.busy}
              onClick={() => {
                onSwitchProof(other)
              }}
            >
              {t(stepUpSwitchMessage(other))}
            </button>
          ))}
          {alert ? (
            <div className="form-alert" role="alert">
              {alert}
            </div>
          ) : null}
          <div className="dialog-actions">
            <button type="button" className="button button-secondary" onClick={onCancel}>
              {t(SECURITY_MESSAGES.STEP_UP_CANCEL)}
            </button>
            <button
              type="submit"
              className="button button-primary"
              disabled={view.busy}
              aria-busy={view.busy || undefined}
            >
              {t(SECURITY_MESSAGES.STEP_UP_CONFIRM)}
            </button>
          </div>
        </form>
      </div>
    </div>
  )
}
