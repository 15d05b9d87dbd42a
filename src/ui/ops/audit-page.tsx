import type { AuditFilterField } from '../../machines/ops-audit/audit-filters'
import type { AuditEntry, OpsAuditView } from '../../machines/ops-audit/ops-audit.machine'
import { useOpsTexts, type OpsTexts } from './ops-messages'

export interface AuditPageProps {
  view: OpsAuditView
  onFilterChange: (field: AuditFilterField, value: string) => void
  onApply: () => void
  onMore: () => void
  onExport: () => void
  onReload: () => void
}

const fields: readonly AuditFilterField[] = ['actor', 'customer', 'action', 'from', 'to']

/** Who acted, in words: their address and roles, or that nobody was signed in. */
function actorOf(entry: AuditEntry, { SYSTEM, rolesInWords }: OpsTexts): string {
  if (!entry.actorEmail) return entry.actorId ?? SYSTEM
  return entry.actorRoles.length > 0
    ? `${entry.actorEmail} (${rolesInWords(entry.actorRoles)})`
    : entry.actorEmail
}

/**
 * The audit trail (docs/product/screens.md#staff-console-audit-trail): the filters, the entries
 * newest first, 'Older entries' and 'Export CSV'.
 */
export function AuditPage({
  view,
  onFilterChange,
  onApply,
  onMore,
  onExport,
  onReload,
}: AuditPageProps) {
  const texts = useOpsTexts()
  const {
    APPLY_FILTERS,
    AUDIT_LOAD_FAILED,
    AUDIT_TITLE,
    EXPORT,
    EXPORTED,
    EXPORT_FAILED,
    FILTERS_TITLE,
    LOADING,
    MORE_FAILED,
    NO_ENTRIES,
    OLDER,
    TRY_AGAIN,
    auditColumns,
    dateTime,
    filterLabels,
    filterProblemTexts,
    outcomeNames,
  } = texts
  return (
    <section className="account-section" aria-labelledby="ops-audit-title">
      <h1 id="ops-audit-title" className="account-title">
        {AUDIT_TITLE}
      </h1>
      <form
        className="account-card ops-wide"
        aria-label={FILTERS_TITLE}
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          onApply()
        }}
      >
        <div className="ops-filters">
          {fields.map((field) => {
            const problem = view.problems[field]
            const id = `ops-filter-${field}`
            return (
              <div key={field} className="ops-field">
                <label htmlFor={id}>{filterLabels[field]}</label>
                <input
                  id={id}
                  type={field === 'from' || field === 'to' ? 'date' : 'text'}
                  value={view.draft[field]}
                  aria-invalid={problem ? true : undefined}
                  aria-describedby={problem ? `${id}-error` : undefined}
                  onChange={(event) => {
                    onFilterChange(field, event.target.value)
                  }}
                />
                {problem ? (
                  <span id={`${id}-error`} className="ops-field-error">
                    {filterProblemTexts[problem]}
                  </span>
                ) : null}
              </div>
            )
          })}
        </div>
        <div className="ops-actions">
          <button type="submit" className="button button-primary" disabled={!view.canApply}>
            {APPLY_FILTERS}
          </button>
          {view.canExport ? (
            <button
              type="button"
              className="button button-secondary"
              disabled={view.busy}
              aria-busy={view.exporting}
              onClick={onExport}
            >
              {EXPORT}
            </button>
          ) : null}
        </div>
      </form>
      <p className="ops-status" role="status">
        {view.exported ? EXPORTED : ''}
      </p>
      {view.failure ? (
        <div className="form-alert" role="alert">
          {view.failure.during === 'export' ? EXPORT_FAILED : MORE_FAILED}
        </div>
      ) : null}
      {view.phase === 'loading' ? (
        <p role="status">{LOADING}</p>
      ) : view.phase === 'loadFailed' ? (
        <>
          <div className="form-alert" role="alert">
            {AUDIT_LOAD_FAILED}
          </div>
          <p>
            <button type="button" className="button button-secondary" onClick={onReload}>
              {TRY_AGAIN}
            </button>
          </p>
        </>
      ) : view.entries.length === 0 ? (
        <p className="account-note">{NO_ENTRIES}</p>
      ) : (
        <>
          <table className="ops-table">
            <caption className="visually-hidden">{AUDIT_TITLE}</caption>
            <thead>
              <tr>
                <th scope="col">{auditColumns.when}</th>
                <th scope="col">{auditColumns.who}</th>
                <th scope="col">{auditColumns.action}</th>
                <th scope="col">{auditColumns.about}</th>
                <th scope="col">{auditColumns.outcome}</th>
                <th scope="col">{auditColumns.reason}</th>
              </tr>
            </thead>
            <tbody>
              {view.entries.map((entry) => (
                <tr key={entry.seq}>
                  <td>{dateTime(entry.at)}</td>
                  <td>{actorOf(entry, texts)}</td>
                  <td className="ops-code ops-action">{entry.action}</td>
                  <td className="ops-code">
                    {entry.targetType ? `${entry.targetType} ${entry.targetId ?? ''}` : ''}
                  </td>
                  <td>{outcomeNames[entry.outcome]}</td>
                  <td>{entry.reason ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {view.hasMore ? (
            <p>
              <button
                type="button"
                className="button button-secondary"
                disabled={view.busy}
                aria-busy={view.loadingMore}
                onClick={onMore}
              >
                {OLDER}
              </button>
            </p>
          ) : null}
        </>
      )}
    </section>
  )
}
