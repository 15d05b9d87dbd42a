import type { Passkey, PasskeysView } from '../../machines/passkeys/passkeys.machine'
import { InputField } from './account-fields'
import { formatDate, formatDateTime } from './date-time'
import {
  ADD_PASSKEY,
  KEEP_IT,
  NO_PASSKEYS,
  PASSKEY_NAME_LABEL,
  PASSKEY_PROMPTING,
  PASSKEYS_LEAD,
  PASSKEYS_LOAD_FAILED,
  PASSKEYS_TITLE,
  REMOVE_PASSKEY,
  TRY_AGAIN,
  passkeyDates,
  passkeyFailureText,
  passkeyNoticeText,
  removePasskeyLabel,
  removePasskeyQuestion,
  renamePasskeyLabel,
} from './security-texts'

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
  const { view, onReload, onAdd } = props
  return (
    <div className="account-card account-card-wide" role="group" aria-labelledby="passkeys-title">
      <h3 id="passkeys-title" className="account-subtitle">
        {PASSKEYS_TITLE}
      </h3>
      <p className="account-note">{PASSKEYS_LEAD}</p>
      {view.phase === 'loading' ? (
        <p className="security-pending">Loading…</p>
      ) : view.phase === 'loadFailed' ? (
        <>
          <div className="form-alert" role="alert">
            {PASSKEYS_LOAD_FAILED}
          </div>
          <button type="button" className="button button-secondary" onClick={onReload}>
            {TRY_AGAIN}
          </button>
        </>
      ) : (
        <>
          {view.passkeys.length === 0 ? (
            <p>{NO_PASSKEYS}</p>
          ) : (
            <ul className="security-list" aria-label={PASSKEYS_TITLE}>
              {view.passkeys.map((passkey) => (
                <PasskeyItem key={passkey.id} passkey={passkey} {...props} />
              ))}
            </ul>
          )}
          {view.failure ? (
            <div className="form-alert" role="alert">
              {passkeyFailureText(view.failure)}
            </div>
          ) : null}
          {view.prompting ? <p className="security-pending">{PASSKEY_PROMPTING}</p> : null}
          <div className="profile-actions">
            <button
              type="button"
              className="button button-primary"
              disabled={view.busy}
              aria-busy={view.adding || undefined}
              onClick={onAdd}
            >
              {ADD_PASSKEY}
            </button>
            <p className="profile-saved" role="status">
              {view.notice ? passkeyNoticeText[view.notice] : ''}
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
  const dates = passkeyDates(
    formatDate(passkey.createdAt),
    passkey.lastUsedAt === null ? null : formatDateTime(passkey.lastUsedAt),
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
            label={PASSKEY_NAME_LABEL}
            name="passkeyName"
            value={view.draft}
            error={view.nameProblem}
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
              Save
            </button>
            <button type="button" className="button button-secondary" onClick={onRenameCancel}>
              Cancel
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
        <span className="security-item-meta">{dates}</span>
      </div>
      {view.confirmingRemoval === passkey.id ? (
        <div className="security-confirm">
          <p>{removePasskeyQuestion(passkey.name)}</p>
          <div className="security-actions">
            <button type="button" className="button button-danger" onClick={onRemoveConfirm}>
              {REMOVE_PASSKEY}
            </button>
            <button type="button" className="button button-secondary" onClick={onRemoveCancel}>
              {KEEP_IT}
            </button>
          </div>
        </div>
      ) : (
        <div className="security-actions">
          <button
            type="button"
            className="button button-secondary button-small"
            disabled={view.busy}
            aria-label={renamePasskeyLabel(passkey.name)}
            onClick={() => {
              onRename(passkey.id)
            }}
          >
            Rename
          </button>
          <button
            type="button"
            className="button button-secondary button-small"
            disabled={view.busy}
            aria-busy={view.removing === passkey.id || undefined}
            aria-label={removePasskeyLabel(passkey.name)}
            onClick={() => {
              onRemove(passkey.id)
            }}
          >
            Remove
          </button>
        </div>
      )}
    </li>
  )
}
