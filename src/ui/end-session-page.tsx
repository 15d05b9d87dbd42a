import { Link } from '@tanstack/react-router'
import { AuthLayout } from './auth-layout'
import { GENERIC_ERROR } from './form-view'
import { LoadingScreen } from './loading-screen'

export type EndSessionStatus = 'asking' | 'ending' | 'ended' | 'invalid' | 'failed'

export const END_SESSION_TITLE = 'End this session?'
export const END_SESSION_WHAT = 'This signs out the device named in the e-mail.'
export const END_SESSION = 'End the session'

export const SESSION_ENDED_TITLE = 'Session ended'
export const SESSION_ENDED = 'The session has been ended.'
export const SESSION_ENDED_ADVICE = 'If it was not you, log in and change your password.'
export const SESSION_NOT_ENDED_TITLE = 'Session not ended'
export const SESSION_LINK_INVALID =
  'Please check if link was valid. A link works once and for 7 days. You can end any session from your profile.'
export const TRY_AGAIN = 'Try again'
export const LOG_IN = 'Log in'

/**
 * The page a security notice's link opens (docs/product/screens.md#end-session-page). It first
 * says what it will do and waits for 'End the session' (a link scanner that runs scripts clicks
 * nothing). Then, like the e-mail confirmation page
 * (docs/product/screens.md#email-confirmation-page), one of two results, both leading to the
 * log-in form; when the server could not be reached the link can be tried again.
 */
export function EndSessionPage({
  status,
  onConfirm,
  onRetry,
}: {
  status: EndSessionStatus
  onConfirm: () => void
  onRetry: () => void
}) {
  if (status === 'ending') return <LoadingScreen />
  if (status === 'asking')
    return (
      <AuthLayout title={END_SESSION_TITLE}>
        <p className="auth-lead">{END_SESSION_WHAT}</p>
        <button type="button" className="button button-primary button-block" onClick={onConfirm}>
          {END_SESSION}
        </button>
      </AuthLayout>
    )
  const ended = status === 'ended'
  return (
    <AuthLayout title={ended ? SESSION_ENDED_TITLE : SESSION_NOT_ENDED_TITLE}>
      {ended ? (
        <>
          <p className="auth-lead">{SESSION_ENDED}</p>
          <p className="auth-lead">{SESSION_ENDED_ADVICE}</p>
        </>
      ) : status === 'invalid' ? (
        <p className="auth-lead">{SESSION_LINK_INVALID}</p>
      ) : (
        <>
          <div className="form-alert" role="alert">
            {GENERIC_ERROR}
          </div>
          <button type="button" className="button button-secondary button-block" onClick={onRetry}>
            {TRY_AGAIN}
          </button>
        </>
      )}
      <Link to="/app/login" className="button button-primary button-block">
        {LOG_IN}
      </Link>
    </AuthLayout>
  )
}
