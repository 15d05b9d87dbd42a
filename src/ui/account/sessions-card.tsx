import type { SessionsView } from '../../machines/sessions/sessions.machine'
import { formatDateTime } from './date-time'
import {
  END_OTHERS,
  END_SESSION,
  endSessionLabel,
  SESSIONS_LEAD,
  SESSIONS_LOAD_FAILED,
  SESSIONS_TITLE,
  THIS_DEVICE,
  TRY_AGAIN,
  sessionDetails,
  sessionsFailureText,
  sessionsNoticeText,
} from './security-texts'

export interface SessionsCardProps {
  view: SessionsView
  onReload: () => void
  onEnd: (id: string) => void
  onEndOthers: () => void
}

/** Issue 14 item 4: where the account is signed in; this device marked, the others can end. */
export function SessionsCard({ view, onReload, onEnd, onEndOthers }: SessionsCardProps) {
  return (
    <div className="account-card account-card-wide" role="group" aria-labelledby="sessions-title">
      <h3 id="sessions-title" className="account-subtitle">
        {SESSIONS_TITLE}
      </h3>
      <p className="account-note">{SESSIONS_LEAD}</p>
      {view.phase === 'loading' ? (
        <p className="security-pending">Loading…</p>
      ) : view.phase === 'loadFailed' ? (
        <>
          <div className="form-alert" role="alert">
            {SESSIONS_LOAD_FAILED}
          </div>
          <button type="button" className="button button-secondary" onClick={onReload}>
            {TRY_AGAIN}
          </button>
        </>
      ) : (
        <>
          <ul className="security-list" aria-label={SESSIONS_TITLE}>
            {view.sessions.map((session) => (
              <li key={session.id} className="security-item">
                <div className="security-item-text">
                  <strong className="security-item-name">
                    {session.device}
                    {session.current ? <span className="security-badge">{THIS_DEVICE}</span> : null}
                  </strong>
                  <span className="security-item-meta">
                    {sessionDetails(session.ip, formatDateTime(session.lastUsedAt))}
                  </span>
                </div>
                {session.current ? null : (
                  <div className="security-actions">
                    <button
                      type="button"
                      className="button button-secondary button-small"
                      disabled={view.busy}
                      aria-busy={view.ending === session.id || undefined}
                      aria-label={endSessionLabel(session.device)}
                      onClick={() => {
                        onEnd(session.id)
                      }}
                    >
                      {END_SESSION}
                    </button>
                  </div>
                )}
              </li>
            ))}
          </ul>
          {view.failure ? (
            <div className="form-alert" role="alert">
              {sessionsFailureText(view.failure)}
            </div>
          ) : null}
          <div className="profile-actions">
            {view.hasOthers ? (
              <button
                type="button"
                className="button button-secondary"
                disabled={view.busy}
                aria-busy={view.endingOthers || undefined}
                onClick={onEndOthers}
              >
                {END_OTHERS}
              </button>
            ) : null}
            <p className="profile-saved" role="status">
              {view.notice ? sessionsNoticeText(view.notice) : ''}
            </p>
          </div>
        </>
      )}
    </div>
  )
}
