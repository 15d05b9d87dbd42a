import { useId } from 'react'
import type { StepUpProof, StepUpView } from '../../machines/step-up/step-up.machine'
import { InputField } from './account-fields'
import {
  STEP_UP_CANCEL,
  STEP_UP_CONFIRM,
  STEP_UP_PASSKEY_PROMPTING,
  STEP_UP_PASSWORD_LABEL,
  STEP_UP_TITLE,
  stepUpAlertText,
  stepUpCodeLabel,
  stepUpCodeText,
  stepUpIntro,
  stepUpPasswordText,
  stepUpSwitchLabel,
} from './security-texts'
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
  const titleId = useId()
  const introId = useId()
  if (!view.open) return null
  const { proof } = view
  const alert = stepUpAlertText(view.problem, proof)
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
          {STEP_UP_TITLE}
        </h2>
        <p id={introId}>{stepUpIntro(proof)}</p>
        <form
          className="dialog-form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault()
            onSubmit()
          }}
        >
          <InputField
            label={STEP_UP_PASSWORD_LABEL}
            name="password"
            type="password"
            value={view.password}
            autoComplete="current-password"
            error={stepUpPasswordText(view.passwordProblem, view.problem, proof)}
            autoFocus
            onChange={onPasswordChange}
          />
          {proof === 'totp' || proof === 'recovery-code' ? (
            // A new field per kind of code, so the browser offers a one-time code only for the app.
            <InputField
              key={proof}
              label={stepUpCodeLabel(proof)}
              name={proof === 'totp' ? 'totpCode' : 'recoveryCode'}
              value={view.code}
              autoComplete={proof === 'totp' ? 'one-time-code' : 'off'}
              {...(proof === 'totp' ? { inputMode: 'numeric' as const } : {})}
              error={stepUpCodeText(view.codeProblem, proof)}
              onChange={onCodeChange}
            />
          ) : null}
          {view.prompting ? <p role="status">{STEP_UP_PASSKEY_PROMPTING}</p> : null}
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
              {stepUpSwitchLabel(other)}
            </button>
          ))}
          {alert ? (
            <div className="form-alert" role="alert">
              {alert}
            </div>
          ) : null}
          <div className="dialog-actions">
            <button type="button" className="button button-secondary" onClick={onCancel}>
              {STEP_UP_CANCEL}
            </button>
            <button
              type="submit"
              className="button button-primary"
              disabled={view.busy}
              aria-busy={view.busy || undefined}
            >
              {STEP_UP_CONFIRM}
            </button>
          </div>
        </form>
      </div>
    </div>
  )
}
