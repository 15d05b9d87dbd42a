import { useId, type ReactNode, type Ref } from 'react'
// The field styles (.field, .field-input, .field-error, .form-alert) are the auth forms'.
import '../auth.css'

interface FieldShellProps {
  id: string
  label: string
  error?: string | null | undefined
  hint?: string | undefined
  children: ReactNode
}

function FieldShell({ id, label, error, hint, children }: FieldShellProps) {
  return (
    <div className={`field${error ? ' field-invalid' : ''}`}>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  )
}

/** The ids an input points at for its hint and its message. */
function describedBy(id: string, error: unknown, hint: unknown): string | undefined {
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean)
  return ids.length > 0 ? ids.join(' ') : undefined
}

interface InputFieldProps {
  label: string
  name: string
  value: string
  type?: 'text' | 'email' | 'tel' | 'password'
  error?: string | null | undefined
  hint?: string
  autoComplete?: string
  inputMode?: 'text' | 'numeric' | 'email' | 'tel'
  maxLength?: number
  readOnly?: boolean
  autoFocus?: boolean
  onChange?: (value: string) => void
  onBlur?: () => void
}

/** A labelled input with its hint and its rule message underneath. */
export function InputField({
  label,
  name,
  value,
  type = 'text',
  error,
  hint,
  autoComplete,
  inputMode,
  maxLength,
  readOnly,
  autoFocus,
  onChange,
  onBlur,
}: InputFieldProps) {
  const id = useId()
  return (
    <FieldShell id={id} label={label} error={error} hint={hint}>
      <input
        id={id}
        className="field-input"
        name={name}
        type={type}
        value={value}
        autoComplete={autoComplete}
        inputMode={inputMode}
        maxLength={maxLength}
        readOnly={readOnly}
        autoFocus={autoFocus}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        onChange={(event) => onChange?.(event.target.value)}
        onBlur={onBlur}
      />
    </FieldShell>
  )
}

export interface OptionGroup {
  label: string
  /** `lang` when an option is named in a language of its own (the Language control's). */
  options: readonly { value: string; label: string; lang?: string }[]
}

interface SelectFieldProps {
  label: string
  name: string
  value: string
  groups: readonly OptionGroup[]
  /** An empty first option ('Select a country'), for a value that may be unset. */
  placeholder?: string
  error?: string | null | undefined
  autoComplete?: string
  onChange: (value: string) => void
}

export function SelectField({
  label,
  name,
  value,
  groups,
  placeholder,
  error,
  autoComplete,
  onChange,
}: SelectFieldProps) {
  const id = useId()
  return (
    <FieldShell id={id} label={label} error={error}>
      <select
        id={id}
        className="field-input"
        name={name}
        value={value}
        autoComplete={autoComplete}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, undefined)}
        onChange={(event) => {
          onChange(event.target.value)
        }}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {groups.map((group) =>
          group.label ? (
            <optgroup key={group.label} label={group.label}>
              {group.options.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </optgroup>
          ) : (
            group.options.map((o) => (
              <option key={o.value} value={o.value} lang={o.lang}>
                {o.label}
              </option>
            ))
          ),
        )}
      </select>
    </FieldShell>
  )
}

interface TextAreaFieldProps {
  label: string
  name: string
  value: string
  maxLength?: number
  error?: string | null | undefined
  disabled?: boolean
  onChange: (value: string) => void
}

export function TextAreaField({
  label,
  name,
  value,
  maxLength,
  error,
  disabled,
  onChange,
}: TextAreaFieldProps) {
  const id = useId()
  return (
    <FieldShell id={id} label={label} error={error}>
      <textarea
        id={id}
        className="field-input field-textarea"
        name={name}
        value={value}
        rows={3}
        maxLength={maxLength}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, undefined)}
        onChange={(event) => {
          onChange(event.target.value)
        }}
      />
    </FieldShell>
  )
}

/** Lets a view hand the page its frame element (the route's widget bridge reads it). */
export type FrameRef = Ref<HTMLIFrameElement>
