import { useLingui } from '@lingui/react/macro'
import type { SessionsView } from '../../machines/sessions/sessions.machine'
import { formatDateTime } from './date-time'
import {
  SECURITY_MESSAGES,
  endSessionMessage,
  sessionDetailsMessage,
  sessionsFailureMessage,
  sessionsNoticeMessage,
} from './security-texts'
import { usePageLocale } from './use-locale'

export interface SessionsCardProps {
  view: SessionsView
  onReload: () => void
  onEnd: (id: string) => void
  onEndOthers: () => void
}

/** Issue 14 item 4: where the account is signed in; this device marked, the others can end. */
export function SessionsCard({ view, onReload, onEnd, onEndOthers }: SessionsCardProps) {
  const { t } = useLingui()
  const locale = usePageLocale()
  return (
    <div className="account-card account-card-wide" role="group" aria-labelledby="sessions-title">
      <h3 id="sessions-title" className="account-subtitle">
        {t(SECURITY_MESSAGES.SESSIONS_TITLE)}
      </h3>
      <p className="account-note">{t(SECURITY_MESSAGES.SESSIONS_LEAD)}</p>
      {view.phase === 'loading' ? (
        <p className="security-pending">{t(SECURITY_MESSAGES.LOADING)}</p>
      ) : view.phase === 'loadFailed' ? (
        <>
          <div className="form-alert" role="alert">
            {t(SECURITY_MESSAGES.SESSIONS_LOAD_FAILED)}
          </div>
          <button type="button" className="button button-secondary" onClick={onReload}>
            {t(SECURITY_MESSAGES.TRY_AGAIN)}
          </button>
        </>
      ) : (
        <>
          <ul className="security-list" aria-label={t(SECURITY_MESSAGES.SESSIONS_TITLE)}>
            {view.sessions.map((session) => (
              <li key={session.id} className="security-item">
                <div className="security-item-text">
                  <strong className="security-item-name">
                    {session.device}
                    {session.current ? (
                      <span className="security-badge">{t(SECURITY_MESSAGES.THIS_DEVICE)}</span>
                    ) : null}
                  </strong>
                  <span className="security-item-meta">
                    {t(
                      sessionDetailsMessage(session.ip, formatDateTime(session.lastUsedAt, locale)),
                    )}
                  </span>
                </div>
                {session.current ? null : (
                  <div className="security-actions">
                    <button
                      type="button"
                      className="button button-secondary button-small"
                      disabled={view.busy}
                      aria-busy={view.ending === session.id || undefined}
                      aria-label={t(endSessionMessage(session.device))}
                      onClick={() => {
                        onEnd(session.id)
                      }}
                    >
                      {t(SECURITY_MESSAGES.END_SESSION)}
                    </button>
                  </div>
                )}
              </li>
            ))}
          </ul>
          {view.failure ? (
            <div className="form-alert" role="alert">
              {t(sessionsFailureMessage(view.failure))}
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
                {t(SECURITY_MESSAGES.END_OTHERS)}
              </button>
            ) : null}
            <p className="profile-saved" role="status">
              {view.notice ? t(sessionsNoticeMessage(view.notice)) : ''}
            </p>
          </div>
        </>
      )}
    </div>
  )
}
