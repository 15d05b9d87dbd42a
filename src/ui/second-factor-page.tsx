import { useLingui } from '@lingui/react/macro'
import { useEffect, useId, useRef } from 'react'
import type { SecondFactorProblem } from '../machines/login/login.machine'
import type { RuleMessage } from '../machines/forms/rule-message'
import type { CodeMethod } from '../machines/login/second-factor-code'
import { AuthForm, AuthLayout } from './auth-layout'
import { useFieldMessage } from './field-messages'
import { FormAlert, SubmitButton } from './form-fields'
import {
  BACK_TO_LOGIN,
  codeFieldText,
  codeLabel,
  OR,
  PASSKEY_PROMPTING,
  SECOND_FACTOR_TITLE,
  secondFactorAlert,
  secondFactorLead,
  secondFactorText,
  switchLabel,
  USE_PASSKEY,
  VERIFY,
} from './second-factor-texts'

export interface SecondFactorPageProps {
  /** The code the field takes; null when the account has passkeys only. */
  method: CodeMethod | null
  hasPasskey: boolean
  /** The account has both an app and recovery codes: the switch between them shows. */
  canSwitch: boolean
  code: string
  codeError: RuleMessage | null
  problem: SecondFactorProblem | null
  /** The browser's passkey prompt is open. */
  askingPasskey: boolean
  /** A proof is with the server. */
  verifying: boolean
  onCodeChange: (value: string) => void
  onSubmit: () => void
  onSwitchMethod: () => void
  onUsePasskey: () => void
  onRestart: () => void
}

/** Issue 14: the login's second step, after a right password on an account with a second factor. */
export function SecondFactorPage(props: SecondFactorPageProps) {
  const { method, hasPasskey, canSwitch, problem, askingPasskey, verifying } = props
  const { i18n } = useLingui()
  const text = (english: string) => secondFactorText(i18n, english)
  const field = useFieldMessage()
  const busy = askingPasskey || verifying
  const english = secondFactorAlert(problem, method !== null)
  const alert = english ? text(english) : null
  return (
    <AuthLayout title={text(SECOND_FACTOR_TITLE)}>
      <p className="auth-lead">{text(secondFactorLead(method, hasPasskey))}</p>
      {hasPasskey ? (
        <button
          type="button"
          className="button button-secondary button-block"
          disabled={busy}
          aria-busy={askingPasskey || undefined}
          onClick={props.onUsePasskey}
        >
          {text(USE_PASSKEY)}
        </button>
      ) : null}
      {askingPasskey ? (
        <p className="auth-note" role="status">
          {text(PASSKEY_PROMPTING)}
        </p>
      ) : null}
      {hasPasskey && method ? (
        <p className="auth-divider" aria-hidden="true">
          {text(OR)}
        </p>
      ) : null}
      {method ? (
        <AuthForm onSubmit={props.onSubmit}>
          {/* A new field per kind of code, so each gets its own keyboard and autofill. */}
          <CodeField
            key={method}
            method={method}
            value={props.code}
            error={(() => {
              if (props.codeError) return field(props.codeError) ?? null
              const message = codeFieldText(method, problem)
              return message && text(message)
            })()}
            readOnly={busy}
            onChange={props.onCodeChange}
          />
          {canSwitch ? (
            <button
              type="button"
              className="auth-switch"
              disabled={busy}
              onClick={props.onSwitchMethod}
            >
              {text(switchLabel(method))}
            </button>
          ) : null}
          {alert ? <FormAlert>{alert}</FormAlert> : null}
          <SubmitButton label={text(VERIFY)} busy={busy} />
        </AuthForm>
      ) : alert ? (
        <FormAlert>{alert}</FormAlert>
      ) : null}
      <p className="auth-footer">
        <button type="button" className="auth-switch" onClick={props.onRestart}>
          {text(BACK_TO_LOGIN)}
        </button>
      </p>
    </AuthLayout>
  )
}

interface CodeFieldProps {
  method: CodeMethod
  value: string
  error: string | null
  readOnly: boolean
  onChange: (value: string) => void
}

/**
 * The code input. It takes the focus when it appears and again when its message appears, keeping
 * what was typed, so a wrong code is corrected where it is. It stays enabled (read-only) while the
 * code is checked, so the focus never leaves it.
 */
function CodeField({ method, value, error, readOnly, onChange }: CodeFieldProps) {
  const { i18n } = useLingui()
  const id = useId()
  const errorId = `${id}-error`
  const input = useRef<HTMLInputElement>(null)
  useEffect(() => {
    if (error) input.current?.focus()
  }, [error])
  const totp = method === 'totp'
  return (
    <div className={`field${error ? ' field-invalid' : ''}`}>
      <label className="field-label" htmlFor={id}>
        {secondFactorText(i18n, codeLabel(method))}
      </label>
      <input
        ref={input}
        id={id}
        className="field-input field-code"
        name={totp ? 'totpCode' : 'recoveryCode'}
        type="text"
        inputMode={totp ? 'numeric' : 'text'}
        autoComplete={totp ? 'one-time-code' : 'off'}
        autoCapitalize={totp ? undefined : 'characters'}
        spellCheck={false}
        // The step exists to take this one field.
        autoFocus
        value={value}
        readOnly={readOnly}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => {
          onChange(event.target.value)
        }}
      />
      {error ? (
        <p id={errorId} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  )
}
