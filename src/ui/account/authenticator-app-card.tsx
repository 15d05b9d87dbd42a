import { QRCodeSVG } from 'qrcode.react'
import type { AuthenticatorAppView } from '../../machines/authenticator-app/authenticator-app.machine'
import { InputField } from './account-fields'
import {
  APP_CODE_LABEL,
  groupedSecret,
  APP_KEY_LEAD,
  APP_LEAD_OFF,
  APP_LOAD_FAILED,
  APP_QR_TITLE,
  APP_SCAN,
  APP_TITLE,
  CODES_COPIED,
  CODES_SAVED,
  COPY_CODES,
  COPY_FAILED,
  KEEP_IT,
  RECOVERY_LEAD,
  RECOVERY_TITLE,
  REMOVE_APP,
  REMOVE_APP_CONFIRM,
  REMOVE_APP_QUESTION,
  SET_UP,
  TRY_AGAIN,
  TURN_ON,
  appCodeText,
  appFailureText,
  appNoticeText,
  appOnText,
} from './security-texts'

export interface AuthenticatorAppCardProps {
  view: AuthenticatorAppView
  onReload: () => void
  onSetUp: () => void
  onCodeChange: (value: string) => void
  onCodeSubmit: () => void
  onSetUpCancel: () => void
  onCopyCodes: () => void
  onCodesSaved: () => void
  onRemove: () => void
  onRemoveConfirm: () => void
  onRemoveCancel: () => void
}

/** Issue 14 item 3 (TOTP): set up with a QR code and a code, ten recovery codes once, remove. */
export function AuthenticatorAppCard(props: AuthenticatorAppCardProps) {
  const { view, onReload } = props
  return (
    <div className="account-card account-card-wide" role="group" aria-labelledby="app-title">
      <h3 id="app-title" className="account-subtitle">
        {APP_TITLE}
      </h3>
      {view.phase === 'loading' ? (
        <p className="security-pending">Loading…</p>
      ) : view.phase === 'loadFailed' ? (
        <>
          <div className="form-alert" role="alert">
            {APP_LOAD_FAILED}
          </div>
          <button type="button" className="button button-secondary" onClick={onReload}>
            {TRY_AGAIN}
          </button>
        </>
      ) : view.recoveryCodes ? (
        <RecoveryCodes {...props} codes={view.recoveryCodes} />
      ) : view.enrolment ? (
        <Enrolment {...props} />
      ) : (
        <Status {...props} />
      )}
    </div>
  )
}

function Status({
  view,
  onSetUp,
  onRemove,
  onRemoveConfirm,
  onRemoveCancel,
}: AuthenticatorAppCardProps) {
  const busy = view.starting || view.removing
  return (
    <>
      <p className="account-note">
        {view.enabled ? appOnText(view.recoveryCodesLeft) : APP_LEAD_OFF}
      </p>
      {view.failure ? (
        <div className="form-alert" role="alert">
          {appFailureText(view.failure)}
        </div>
      ) : null}
      {view.confirmingRemoval ? (
        <div className="security-confirm">
          <p>{REMOVE_APP_QUESTION}</p>
          <div className="security-actions">
            <button type="button" className="button button-danger" onClick={onRemoveConfirm}>
              {REMOVE_APP_CONFIRM}
            </button>
            <button type="button" className="button button-secondary" onClick={onRemoveCancel}>
              {KEEP_IT}
            </button>
          </div>
        </div>
      ) : (
        <div className="profile-actions">
          <button
            type="button"
            className={`button ${view.enabled ? 'button-secondary' : 'button-primary'}`}
            disabled={busy}
            aria-busy={busy || undefined}
            onClick={view.enabled ? onRemove : onSetUp}
          >
            {view.enabled ? REMOVE_APP : SET_UP}
          </button>
          <p className="profile-saved" role="status">
            {view.notice ? appNoticeText[view.notice] : ''}
          </p>
        </div>
      )}
    </>
  )
}

function Enrolment({ view, onCodeChange, onCodeSubmit, onSetUpCancel }: AuthenticatorAppCardProps) {
  const enrolment = view.enrolment
  if (!enrolment) return null
  return (
    <form
      className="profile-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        onCodeSubmit()
      }}
    >
      <ol className="security-steps">
        <li>
          <p>{APP_SCAN}</p>
          <QRCodeSVG
            className="security-qr"
            value={enrolment.otpauthUri}
            size={176}
            marginSize={2}
            title={APP_QR_TITLE}
            role="img"
            aria-label={APP_QR_TITLE}
          />
          <p className="account-note">
            {APP_KEY_LEAD}{' '}
            <code className="security-secret">{groupedSecret(enrolment.secret)}</code>
          </p>
        </li>
        <li>
          <InputField
            label={APP_CODE_LABEL}
            name="totpCode"
            value={view.code}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
            error={appCodeText(view.codeProblem)}
            onChange={onCodeChange}
          />
        </li>
      </ol>
      <div className="security-actions">
        <button
          type="submit"
          className="button button-primary"
          disabled={view.verifying}
          aria-busy={view.verifying || undefined}
        >
          {TURN_ON}
        </button>
        <button type="button" className="button button-secondary" onClick={onSetUpCancel}>
          Cancel
        </button>
      </div>
    </form>
  )
}

function RecoveryCodes({
  view,
  codes,
  onCopyCodes,
  onCodesSaved,
}: AuthenticatorAppCardProps & { codes: string[] }) {
  return (
    <>
      <h4 className="security-heading">{RECOVERY_TITLE}</h4>
      <p>{RECOVERY_LEAD}</p>
      <ol className="security-codes" aria-label={RECOVERY_TITLE}>
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="profile-actions">
        <button
          type="button"
          className="button button-secondary"
          disabled={view.copy === 'copying'}
          onClick={onCopyCodes}
        >
          {COPY_CODES}
        </button>
        <button type="button" className="button button-primary" onClick={onCodesSaved}>
          {CODES_SAVED}
        </button>
      </div>
      <p className="profile-saved" role="status">
        {view.copy === 'copied' ? CODES_COPIED : ''}
      </p>
      {view.copy === 'failed' ? (
        <div className="form-alert" role="alert">
          {COPY_FAILED}
        </div>
      ) : null}
    </>
  )
}
