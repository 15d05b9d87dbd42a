import { useLingui } from '@lingui/react/macro'
import { QRCodeSVG } from 'qrcode.react'
import type { AuthenticatorAppView } from '../../machines/authenticator-app/authenticator-app.machine'
import { InputField } from './account-fields'
import {
  APP_NOTICE_MESSAGES,
  SECURITY_MESSAGES,
  appCodeMessage,
  appFailureMessage,
  appOnMessage,
  groupedSecret,
} from './security-texts'
import { textOf } from './english'

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
  const { t } = useLingui()
  const { view, onReload } = props
  return (
    <div className="account-card account-card-wide" role="group" aria-labelledby="app-title">
      <h3 id="app-title" className="account-subtitle">
        {t(SECURITY_MESSAGES.APP_TITLE)}
      </h3>
      {view.phase === 'loading' ? (
        <p className="security-pending">{t(SECURITY_MESSAGES.LOADING)}</p>
      ) : view.phase === 'loadFailed' ? (
        <>
          <div className="form-alert" role="alert">
            {t(SECURITY_MESSAGES.APP_LOAD_FAILED)}
          </div>
          <button type="button" className="button button-secondary" onClick={onReload}>
            {t(SECURITY_MESSAGES.TRY_AGAIN)}
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
  const { t } = useLingui()
  const busy = view.starting || view.removing
  return (
    <>
      <p className="account-note">
        {view.enabled ? t(appOnMessage(view.recoveryCodesLeft)) : t(SECURITY_MESSAGES.APP_LEAD_OFF)}
      </p>
      {view.failure ? (
        <div className="form-alert" role="alert">
          {t(appFailureMessage(view.failure))}
        </div>
      ) : null}
      {view.confirmingRemoval ? (
        <div className="security-confirm">
          <p>{t(SECURITY_MESSAGES.REMOVE_APP_QUESTION)}</p>
          <div className="security-actions">
            <button type="button" className="button button-danger" onClick={onRemoveConfirm}>
              {t(SECURITY_MESSAGES.REMOVE_APP_CONFIRM)}
            </button>
            <button type="button" className="button button-secondary" onClick={onRemoveCancel}>
              {t(SECURITY_MESSAGES.KEEP_IT)}
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
            {view.enabled ? t(SECURITY_MESSAGES.REMOVE_APP) : t(SECURITY_MESSAGES.SET_UP)}
          </button>
          <p className="profile-saved" role="status">
            {view.notice ? t(APP_NOTICE_MESSAGES[view.notice]) : ''}
          </p>
        </div>
      )}
    </>
  )
}

function Enrolment({ view, onCodeChange, onCodeSubmit, onSetUpCancel }: AuthenticatorAppCardProps) {
  const { t } = useLingui()
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
          <p>{t(SECURITY_MESSAGES.APP_SCAN)}</p>
          <QRCodeSVG
            className="security-qr"
            value={enrolment.otpauthUri}
            size={176}
            marginSize={2}
            title={t(SECURITY_MESSAGES.APP_QR_TITLE)}
            role="img"
            aria-label={t(SECURITY_MESSAGES.APP_QR_TITLE)}
          />
          <p className="account-note">
            {t(SECURITY_MESSAGES.APP_KEY_LEAD)}{' '}
            <code className="security-secret">{groupedSecret(enrolment.secret)}</code>
          </p>
        </li>
        <li>
          <InputField
            label={t(SECURITY_MESSAGES.APP_CODE_LABEL)}
            name="totpCode"
            value={view.code}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
            error={textOf(t, appCodeMessage(view.codeProblem))}
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
          {t(SECURITY_MESSAGES.TURN_ON)}
        </button>
        <button type="button" className="button button-secondary" onClick={onSetUpCancel}>
          {t`Cancel`}
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
  const { t } = useLingui()
  return (
    <>
      <h4 className="security-heading">{t(SECURITY_MESSAGES.RECOVERY_TITLE)}</h4>
      <p>{t(SECURITY_MESSAGES.RECOVERY_LEAD)}</p>
      <ol className="security-codes" aria-label={t(SECURITY_MESSAGES.RECOVERY_TITLE)}>
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
          {t(SECURITY_MESSAGES.COPY_CODES)}
        </button>
        <button type="button" className="button button-primary" onClick={onCodesSaved}>
          {t(SECURITY_MESSAGES.CODES_SAVED)}
        </button>
      </div>
      <p className="profile-saved" role="status">
        {view.copy === 'copied' ? t(SECURITY_MESSAGES.CODES_COPIED) : ''}
      </p>
      {view.copy === 'failed' ? (
        <div className="form-alert" role="alert">
          {t(SECURITY_MESSAGES.COPY_FAILED)}
        </div>
      ) : null}
    </>
  )
}
