import { useEffect, useRef } from 'react'
import type { OpsStaffView, StaffRole } from '../../machines/ops-staff/ops-staff.machine'
import { allRoles, useOpsTexts } from './ops-messages'

export interface StaffPageProps {
  view: OpsStaffView
  onReload: () => void
  onInvite: () => void
  onEmailChange: (value: string) => void
  onRoleToggle: (role: StaffRole) => void
  onInviteSubmit: () => void
  onEditRoles: (id: string) => void
  onRolesSave: () => void
  onDeactivate: (id: string) => void
  onReasonChange: (value: string) => void
  onDeactivateSubmit: () => void
  onApprove: (id: string) => void
  onCancel: () => void
}

/**
 * Staff management (docs/product/screens.md#staff-console-staff): the members, the admin grants
 * waiting for a second admin, and the one form open at a time.
 */
export function StaffPage(props: StaffPageProps) {
  const { view } = props
  const { LOADING, STAFF_LOAD_FAILED, STAFF_TITLE, TRY_AGAIN } = useOpsTexts()
  return (
    <section className="account-section" aria-labelledby="ops-staff-title">
      <h1 id="ops-staff-title" className="account-title">
        {STAFF_TITLE}
      </h1>
      {view.phase === 'loading' ? (
        <p role="status">{LOADING}</p>
      ) : view.phase === 'loadFailed' ? (
        <>
          <div className="form-alert" role="alert">
            {STAFF_LOAD_FAILED}
          </div>
          <p>
            <button type="button" className="button button-secondary" onClick={props.onReload}>
              {TRY_AGAIN}
            </button>
          </p>
        </>
      ) : (
        <StaffLists {...props} />
      )}
    </section>
  )
}

/**
 * Where focus goes back to once the open form closes and the list can be used again: the button
 * that opened it, or 'Refresh' when that button is gone (a member deactivated).
 */
function useFocusReturn(formOpen: boolean, busy: boolean) {
  const opener = useRef<string | null>(null)
  useEffect(() => {
    if (formOpen || busy || opener.current === null) return
    const target = document.getElementById(opener.current) ?? document.getElementById(REFRESH_ID)
    opener.current = null
    target?.focus()
  }, [formOpen, busy])
  return (id: string) => {
    opener.current = id
  }
}

const REFRESH_ID = 'ops-staff-refresh'

function StaffLists(props: StaffPageProps) {
  const { view } = props
  const {
    APPROVE,
    DEACTIVATE,
    EMAIL_LABEL,
    INVITE,
    NO_PENDING,
    PENDING_TITLE,
    REFRESH,
    ROLES_BUTTON,
    ROLES_LEGEND,
    STAFF_TITLE,
    YOU,
    approveLabel,
    askedBy,
    dateTime,
    deactivateLabel,
    editRolesLabel,
    grantInWords,
    memberStatus,
    rolesInWords,
    staffColumns,
    staffFailureText,
    staffNoticeText,
  } = useOpsTexts()
  const form = view.form
  const remember = useFocusReturn(form !== null, view.busy)
  return (
    <>
      <p className="ops-status" role="status">
        {view.notice ? staffNoticeText(view.notice) : ''}
      </p>
      {!form && view.failure ? (
        <div className="form-alert" role="alert">
          {staffFailureText(view.failure, 'other')}
        </div>
      ) : null}
      {form ? null : (
        <p className="ops-actions">
          {view.canInvite ? (
            <button
              type="button"
              className="button button-primary"
              id="ops-staff-invite"
              disabled={view.busy}
              onClick={() => {
                remember('ops-staff-invite')
                props.onInvite()
              }}
            >
              {INVITE}
            </button>
          ) : null}
          <button
            type="button"
            id={REFRESH_ID}
            className="button button-secondary"
            disabled={view.busy}
            onClick={props.onReload}
          >
            {REFRESH}
          </button>
        </p>
      )}
      {form ? <StaffForm {...props} form={form} /> : null}
      <table className="ops-table">
        <caption className="visually-hidden">{STAFF_TITLE}</caption>
        <thead>
          <tr>
            <th scope="col">{EMAIL_LABEL}</th>
            <th scope="col">{ROLES_LEGEND}</th>
            <th scope="col">{staffColumns.status}</th>
            <th scope="col">{staffColumns.added}</th>
            <th scope="col">
              <span className="visually-hidden">{staffColumns.actions}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {view.staff.map((member) => (
            <tr key={member.id}>
              <td>
                {member.email}
                {member.id === view.selfId ? ` (${YOU})` : ''}
              </td>
              <td>{rolesInWords(member.roles)}</td>
              <td>{memberStatus(member)}</td>
              <td>{dateTime(member.createdAt)}</td>
              <td>
                {view.manageable(member.id) ? (
                  <div className="ops-actions">
                    <button
                      type="button"
                      className="button button-secondary"
                      id={`ops-roles-${member.id}`}
                      aria-label={editRolesLabel(member.email)}
                      disabled={view.busy}
                      onClick={() => {
                        remember(`ops-roles-${member.id}`)
                        props.onEditRoles(member.id)
                      }}
                    >
                      {ROLES_BUTTON}
                    </button>
                    <button
                      type="button"
                      className="button button-secondary"
                      id={`ops-deactivate-${member.id}`}
                      aria-label={deactivateLabel(member.email)}
                      disabled={view.busy}
                      onClick={() => {
                        remember(`ops-deactivate-${member.id}`)
                        props.onDeactivate(member.id)
                      }}
                    >
                      {DEACTIVATE}
                    </button>
                  </div>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <h2 className="account-subtitle">{PENDING_TITLE}</h2>
      {view.grants.length === 0 ? (
        <p className="account-note">{NO_PENDING}</p>
      ) : (
        <ul className="ops-grid" aria-label={PENDING_TITLE}>
          {view.grants.map((grant) => (
            <li key={grant.id} className="account-card">
              <strong>{grant.email}</strong>
              <span>{grantInWords(grant)}</span>
              <span className="account-note">
                {askedBy(grant.requestedBy, dateTime(grant.requestedAt))}
              </span>
              {view.approvable(grant.id) ? (
                <button
                  type="button"
                  className="button button-primary"
                  aria-label={approveLabel(grant.email)}
                  aria-busy={view.approving === grant.id}
                  disabled={view.busy}
                  onClick={() => {
                    props.onApprove(grant.id)
                  }}
                >
                  {APPROVE}
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </>
  )
}

type StaffForm = NonNullable<OpsStaffView['form']>

function StaffForm(props: StaffPageProps & { form: StaffForm }) {
  const { view, form } = props
  const {
    ADMIN_NOTE,
    CANCEL,
    DEACTIVATE,
    EMAIL_LABEL,
    INVITE_TITLE,
    REASON_LABEL,
    ROLES_LEGEND,
    SAVE_ROLES,
    SEND_INVITE,
    deactivateTitle,
    roleNames,
    rolesTitle,
    staffFailureText,
  } = useOpsTexts()
  const title =
    form.kind === 'invite'
      ? INVITE_TITLE
      : form.kind === 'roles'
        ? rolesTitle(form.member?.email ?? '')
        : deactivateTitle(form.member?.email ?? '')
  const submit =
    form.kind === 'invite'
      ? props.onInviteSubmit
      : form.kind === 'roles'
        ? props.onRolesSave
        : props.onDeactivateSubmit
  return (
    <form
      className="account-card ops-form"
      aria-labelledby="ops-staff-form-title"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        submit()
      }}
    >
      <h2 id="ops-staff-form-title" className="account-subtitle">
        {title}
      </h2>
      {form.kind === 'invite' ? (
        <div className="ops-field">
          <label htmlFor="ops-invite-email">{EMAIL_LABEL}</label>
          <input
            id="ops-invite-email"
            // The form replaces the button that opened it: focus goes to its first field.
            autoFocus
            type="email"
            autoComplete="off"
            value={view.email}
            disabled={form.sending}
            onChange={(event) => {
              props.onEmailChange(event.target.value)
            }}
          />
        </div>
      ) : null}
      {form.kind === 'deactivate' ? (
        <div className="ops-field">
          <label htmlFor="ops-reason">{REASON_LABEL}</label>
          <textarea
            id="ops-reason"
            autoFocus
            rows={3}
            maxLength={500}
            required
            value={view.reason}
            disabled={form.sending}
            onChange={(event) => {
              props.onReasonChange(event.target.value)
            }}
          />
        </div>
      ) : (
        <fieldset>
          <legend>{ROLES_LEGEND}</legend>
          {allRoles.map((role, index) => (
            <label key={role} className="ops-checkbox">
              <input
                type="checkbox"
                autoFocus={form.kind === 'roles' && index === 0}
                checked={view.roles.includes(role)}
                disabled={form.sending}
                onChange={() => {
                  props.onRoleToggle(role)
                }}
              />
              {roleNames[role]}
            </label>
          ))}
          <p className="account-note">{ADMIN_NOTE}</p>
        </fieldset>
      )}
      {view.failure ? (
        <div className="form-alert" role="alert">
          {staffFailureText(view.failure, form.kind === 'invite' ? 'invite' : 'other')}
        </div>
      ) : null}
      <div className="ops-actions">
        <button
          type="submit"
          className="button button-primary"
          disabled={!form.ready}
          aria-busy={form.sending}
        >
          {form.kind === 'invite' ? SEND_INVITE : form.kind === 'roles' ? SAVE_ROLES : DEACTIVATE}
        </button>
        <button
          type="button"
          className="button button-secondary"
          disabled={form.sending}
          onClick={props.onCancel}
        >
          {CANCEL}
        </button>
      </div>
    </form>
  )
}
