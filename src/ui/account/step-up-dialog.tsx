import { useId } from 'react'
import type { StepUpView } from '../../machines/step-up/step-up.machine'
import { InputField } from './account-fields'
import {
  STEP_UP_CANCEL,
  STEP_UP_CODE_LABEL,
  STEP_UP_CONFIRM,
  STEP_UP_PASSWORD_LABEL,
  STEP_UP_TITLE,
  stepUpAlertText,
  stepUpFieldText,
  stepUpIntro,
  stepUpSwitchLabel,
} from './security-texts'
import './customer.css'
import './security.css'

export interface StepUpDialogProps {
  view: StepUpView
  onAnswerChange: (value: string) => void
  onSwitchMethod: () => void
  onSubmit: () => void
  onCancel: () => void
}

/** Issue 14 item 7: 'Confirm it's you' before a sensitive change, with the password or an app code. */
export function StepUpDialog({
  view,
  onAnswerChange,
  onSwitchMethod,
  onSubmit,
  onCancel,
}: StepUpDialogProps) {
  const titleId = useId()
  const introId = useId()
  if (!view.open) return null
  const alert = stepUpAlertText(view.problem)
  const password = view.method === 'password'
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
        <p id={introId}>{stepUpIntro(view.method)}</p>
        <form
          className="dialog-form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault()
            onSubmit()
          }}
        >
          {/* A new field per method, so the browser fills the password and not the code. */}
          <InputField
            key={view.method}
            label={password ? STEP_UP_PASSWORD_LABEL : STEP_UP_CODE_LABEL}
            name={password ? 'password' : 'totpCode'}
            type={password ? 'password' : 'text'}
            value={view.answer}
            autoComplete={password ? 'current-password' : 'one-time-code'}
            {...(password ? {} : { inputMode: 'numeric' as const, maxLength: 7 })}
            error={stepUpFieldText(view.problem, view.method)}
            autoFocus
            onChange={onAnswerChange}
          />
          {view.hasTotp ? (
            <button type="button" className="link-button" onClick={onSwitchMethod}>
              {stepUpSwitchLabel(view.method)}
            </button>
          ) : null}
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
              disabled={view.checking}
              aria-busy={view.checking || undefined}
            >
              {STEP_UP_CONFIRM}
            </button>
          </div>
        </form>
      </div>
    </div>
  )
}
