import { useLingui } from '@lingui/react/macro'
import type { Passkey, PasskeysView } from '../../machines/passkeys/passkeys.machine'
import { InputField } from './account-fields'
import { formatDate, formatDateTime } from './date-time'
import {
  PASSKEY_NOTICE_MESSAGES,
  SECURITY_MESSAGES,
  passkeyDatesMessage,
  passkeyFailureMessage,
  removePasskeyMessage,
  removePasskeyQuestionMessage,
  renamePasskeyMessage,
} from './security-texts'
import { fieldMessage } from './field-messages'
import { usePageLocale } from './use-locale'

export interface PasskeysCardProps {
  view: PasskeysView
  onReload: () => void
  onAdd: () => void
  onRename: (id: string) => void
  onNameChange: (value: string) => void
  onRenameSave: () => void
  onRenameCancel: () => void
  onRemove: (id: string) => void
  onRemoveConfirm: () => void
  onRemoveCancel: () => void
}

/** Issue 14 item 3: the customer's passkeys, added with the browser's prompt, renamed, removed. */
export function PasskeysCard(props: PasskeysCardProps) {
  const { t } = useLingui()
  const { view, onReload, onAdd } = props
  return (
    <div className="account-card account-card-wide" role="group" aria-labelledby="passkeys-title">
      <h3 id="passkeys-title" className="account-subtitle">
        {t(SECURITY_MESSAGES.PASSKEYS_TITLE)}
      </h3>
      <p className="account-note">{t(SECURITY_MESSAGES.PASSKEYS_LEAD)}</p>
      {view.phase === 'loading' ? (
        <p className="security-pending">{t(SECURITY_MESSAGES.LOADING)}</p>
      ) : view.phase === 'loadFailed' ? (
        <>
          <div className="form-alert" role="alert">
            {t(SECURITY_MESSAGES.PASSKEYS_LOAD_FAILED)}
          </div>
          <button type="button" className="button button-secondary" onClick={onReload}>
            {t(SECURITY_MESSAGES.TRY_AGAIN)}
          </button>
        </>
      ) : (
        <>
          {view.passkeys.length === 0 ? (
            <p>{t(SECURITY_MESSAGES.NO_PASSKEYS)}</p>
          ) : (
            <ul className="security-list" aria-label={t(SECURITY_MESSAGES.PASSKEYS_TITLE)}>
              {view.passkeys.map((passkey) => (
                <PasskeyItem key={passkey.id} passkey={passkey} {...props} />
              ))}
            </ul>
          )}
          {view.failure ? (
            <div className="form-alert" role="alert">
              {t(passkeyFailureMessage(view.failure))}
            </div>
          ) : null}
          {view.prompting ? (
            <p className="security-pending">{t(SECURITY_MESSAGES.PASSKEY_PROMPTING)}</p>
          ) : null}
          <div className="profile-actions">
            <button
              type="button"
              className="button button-primary"
              disabled={view.busy}
              aria-busy={view.adding || undefined}
              onClick={onAdd}
            >
              {t(SECURITY_MESSAGES.ADD_PASSKEY)}
            </button>
            <p className="profile-saved" role="status">
              {view.notice ? t(PASSKEY_NOTICE_MESSAGES[view.notice]) : ''}
            </p>
          </div>
        </>
      )}
    </div>
  )
}

function PasskeyItem({
  passkey,
  view,
  onRename,
  onNameChange,
  onRenameSave,
  onRenameCancel,
  onRemove,
  onRemoveConfirm,
  onRemoveCancel,
}: PasskeysCardProps & { passkey: Passkey }) {
  const { t } = useLingui()
  const locale = usePageLocale()
  const dates = passkeyDatesMessage(
    formatDate(passkey.createdAt, locale),
    passkey.lastUsedAt === null ? null : formatDateTime(passkey.lastUsedAt, locale),
  )
  if (view.renaming === passkey.id) {
    return (
      <li className="security-item">
        <form
          className="security-rename"
          noValidate
          onSubmit={(event) => {
            event.preventDefault()
            onRenameSave()
          }}
        >
          <InputField
            label={t(SECURITY_MESSAGES.PASSKEY_NAME_LABEL)}
            name="passkeyName"
            value={view.draft}
            error={fieldMessage(t, view.nameProblem)}
            autoFocus
            onChange={onNameChange}
          />
          <div className="security-actions">
            <button
              type="submit"
              className="button button-primary"
              disabled={view.savingName}
              aria-busy={view.savingName || undefined}
            >
              {t`Save`}
            </button>
            <button type="button" className="button button-secondary" onClick={onRenameCancel}>
              {t`Cancel`}
            </button>
          </div>
        </form>
      </li>
    )
  }
  return (
    <li className="security-item">
      <div className="security-item-text">
        <strong className="security-item-name">{passkey.name}</strong>
        <span className="security-item-meta">{t(dates)}</span>
      </div>
      {view.confirmingRemoval === passkey.id ? (
        <div className="security-confirm">
          <p>{t(removePasskeyQuestionMessage(passkey.name))}</p>
          <div className="security-actions">
            <button type="button" className="button button-danger" onClick={onRemoveConfirm}>
              {t(SECURITY_MESSAGES.REMOVE_PASSKEY)}
            </button>
            <button type="button" className="button button-secondary" onClick={onRemoveCancel}>
              {t(SECURITY_MESSAGES.KEEP_IT)}
            </button>
          </div>
        </div>
      ) : (
        <div className="security-actions">
          <button
            type="button"
            className="button button-secondary button-small"
            disabled={view.busy}
            aria-label={t(renamePasskeyMessage(passkey.name))}
            onClick={() => {
              onRename(passkey.id)
            }}
          >
            {t`Rename`}
          </button>
          <button
            type="button"
            className="button button-secondary button-small"
            disabled={view.busy}
            aria-busy={view.removing === passkey.id || undefined}
            aria-label={t(removePasskeyMessage(passkey.name))}
            onClick={() => {
              onRemove(passkey.id)
            }}
          >
            {t`Remove`}
          </button>
        </div>
      )}
    </li>
  )
}
