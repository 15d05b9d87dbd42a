import { setupI18n } from '@lingui/core'
import type {
  CustomerActionsView,
  VerificationKind,
} from '../../machines/ops-customer-actions/ops-customer-actions.machine'
import { opsTexts, useOpsTexts } from './ops-messages'

/** The panel's English texts, as its tests read them (the view's are the ops catalog's). */
export const {
  ACTIONS_TITLE,
  KIND_LABEL,
  ACTION_NOTE_LABEL: NOTE_LABEL,
  REQUEST_VERIFICATION,
  HOLD_REASON_LABEL: REASON_LABEL,
  PLACE_HOLD,
  LIFT_HOLD,
  DONE_TEXTS,
} = opsTexts(setupI18n({ locale: 'en', messages: { en: {} } }))

export interface CustomerActionsProps {
  view: CustomerActionsView
  /** The customer's open verification requests (from their page). */
  openRequests: readonly { id: string; kind: VerificationKind; note: string }[]
  onKindChange: (kind: VerificationKind) => void
  onNoteChange: (value: string) => void
  onReasonChange: (value: string) => void
  onRequest: () => void
  onWithdraw: (requestId: string) => void
  onPlaceHold: () => void
  onLiftHold: () => void
}

/**
 * The desk's actions on a customer, for the customer page: ask for KYC or KYB with a note, withdraw
 * an open request (customers:verify); place or lift a hold with a reason (customers:hold). Shows
 * nothing to a role that may do neither.
 */
export function CustomerActions(props: CustomerActionsProps) {
  const { view } = props
  const {
    ACTIONS_TITLE,
    ACTION_NOTE_HINT,
    ACTION_NOTE_LABEL,
    DONE_TEXTS,
    HOLD_FORM,
    HOLD_REASON_LABEL,
    KIND_LABEL,
    KIND_NAMES,
    LIFT_HOLD,
    PLACE_HOLD,
    REQUEST_VERIFICATION,
    WITHDRAW,
    actionFailureText,
    withdrawLabel,
  } = useOpsTexts()
  if (!view.canVerify && !view.canHold) return null
  return (
    <section className="account-card" aria-labelledby="ops-customer-actions">
      <h2 id="ops-customer-actions" className="account-subtitle">
        {ACTIONS_TITLE}
      </h2>
      {view.canVerify ? (
        <form
          className="ops-form"
          noValidate
          aria-label={REQUEST_VERIFICATION}
          onSubmit={(event) => {
            event.preventDefault()
            props.onRequest()
          }}
        >
          <div className="ops-field">
            <label htmlFor="ops-verification-kind">{KIND_LABEL}</label>
            <select
              id="ops-verification-kind"
              value={view.kind}
              onChange={(event) => {
                props.onKindChange(event.target.value as VerificationKind)
              }}
            >
              {(['KYC', 'KYB'] as const).map((kind) => (
                <option key={kind} value={kind}>
                  {KIND_NAMES[kind]}
                </option>
              ))}
            </select>
          </div>
          <div className="ops-field">
            <label htmlFor="ops-verification-note">{ACTION_NOTE_LABEL}</label>
            <textarea
              id="ops-verification-note"
              rows={3}
              maxLength={1000}
              aria-describedby="ops-verification-note-hint"
              value={view.note}
              onChange={(event) => {
                props.onNoteChange(event.target.value)
              }}
            />
            <p id="ops-verification-note-hint" className="account-note">
              {ACTION_NOTE_HINT}
            </p>
          </div>
          <p>
            <button type="submit" className="button button-primary" disabled={!view.canRequest}>
              {REQUEST_VERIFICATION}
            </button>
          </p>
          {props.openRequests.length > 0 ? (
            <ul className="ops-notes">
              {props.openRequests.map((r) => (
                <li key={r.id}>
                  <p className="ops-note-text">
                    {r.kind}: {r.note}
                  </p>
                  <button
                    type="button"
                    className="button button-secondary"
                    disabled={view.busy}
                    aria-label={withdrawLabel(r.kind)}
                    onClick={() => {
                      props.onWithdraw(r.id)
                    }}
                  >
                    {WITHDRAW}
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
        </form>
      ) : null}
      {view.canHold ? (
        <form
          className="ops-form"
          noValidate
          aria-label={HOLD_FORM}
          onSubmit={(event) => {
            event.preventDefault()
          }}
        >
          <div className="ops-field">
            <label htmlFor="ops-hold-reason">{HOLD_REASON_LABEL}</label>
            <textarea
              id="ops-hold-reason"
              rows={2}
              maxLength={500}
              value={view.reason}
              onChange={(event) => {
                props.onReasonChange(event.target.value)
              }}
            />
          </div>
          {/* Both always: the page's holds say which applies, and the server refuses the other. */}
          <p>
            <button
              type="button"
              className="button button-primary"
              disabled={!view.canChangeHold}
              onClick={props.onPlaceHold}
            >
              {PLACE_HOLD}
            </button>{' '}
            <button
              type="button"
              className="button button-secondary"
              disabled={!view.canChangeHold}
              onClick={props.onLiftHold}
            >
              {LIFT_HOLD}
            </button>
          </p>
        </form>
      ) : null}
      <p className="ops-status" role="status" aria-busy={view.busy}>
        {view.done ? DONE_TEXTS[view.done] : ''}
      </p>
      {view.failure ? (
        <div className="form-alert" role="alert">
          {actionFailureText(view.failure)}
        </div>
      ) : null}
    </section>
  )
}
