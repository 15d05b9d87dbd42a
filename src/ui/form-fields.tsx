import { useId } from 'react'

interface TextFieldProps {
  label: string
  name: string
  type: 'text' | 'email' | 'password'
  value: string
  error?: string | undefined
  autoComplete?: string
  onChange: (value: string) => void
}

/**
 * A labelled input with its rule message underneath; the texts
 * (docs/product/validation.md#general-form-rules) come from the machine.
 */
export function TextField({
  label,
  name,
  type,
  value,
  error,
  autoComplete,
  onChange,
}: TextFieldProps) {
  const id = useId()
  const errorId = `${id}-error`
  return (
    <div className={`field${error ? ' field-invalid' : ''}`}>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="field-input"
        name={name}
        type={type}
        value={value}
        autoComplete={autoComplete}
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

interface CheckboxFieldProps {
  label: string
  name: string
  checked: boolean
  error?: string | undefined
  onChange: (checked: boolean) => void
}

export function CheckboxField({ label, name, checked, error, onChange }: CheckboxFieldProps) {
  const id = useId()
  const errorId = `${id}-error`
  return (
    <div className={`field field-checkbox${error ? ' field-invalid' : ''}`}>
      <div className="checkbox-row">
        <input
          id={id}
          className="checkbox-input"
          name={name}
          type="checkbox"
          checked={checked}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => {
            onChange(event.target.checked)
          }}
        />
        <label className="checkbox-label" htmlFor={id}>
          {label}
        </label>
      </div>
      {error ? (
        <p id={errorId} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  )
}

/** The form's own failure after a submit: announced as soon as it appears. */
export function FormAlert({ children }: { children: React.ReactNode }) {
  return (
    <div className="form-alert" role="alert">
      {children}
    </div>
  )
}

export function SubmitButton({ label, busy }: { label: string; busy: boolean }) {
  return (
    <button
      type="submit"
      className="button button-primary button-block"
      disabled={busy}
      aria-busy={busy || undefined}
    >
      {label}
    </button>
  )
}
