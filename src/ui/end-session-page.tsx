import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { AuthLayout } from './auth-layout'
import { PublicLoadingScreen } from './public-loading-screen'
import { usePagePath } from './public-locale'

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
  const { t } = useLingui()
  const path = usePagePath()
  // The same words as the constants above (the tests read those), in the page's language.
  if (status === 'ending') return <PublicLoadingScreen />
  if (status === 'asking')
    return (
      <AuthLayout title={t`End this session?`}>
        <p className="auth-lead">{t`This signs out the device named in the e-mail.`}</p>
        <button type="button" className="button button-primary button-block" onClick={onConfirm}>
          {t`End the session`}
        </button>
      </AuthLayout>
    )
  const ended = status === 'ended'
  return (
    <AuthLayout title={ended ? t`Session ended` : t`Session not ended`}>
      {ended ? (
        <>
          <p className="auth-lead">{t`The session has been ended.`}</p>
          <p className="auth-lead">{t`If it was not you, log in and change your password.`}</p>
        </>
      ) : status === 'invalid' ? (
        <p className="auth-lead">
          {t`Please check if link was valid. A link works once and for 7 days. You can end any session from your profile.`}
        </p>
      ) : (
        <>
          <div className="form-alert" role="alert">
            {t`Error. Please try again or contact support`}
          </div>
          <button type="button" className="button button-secondary button-block" onClick={onRetry}>
            {t`Try again`}
          </button>
        </>
      )}
      <Link to={path('/app/login')} className="button button-primary button-block">
        {t`Log in`}
      </Link>
    </AuthLayout>
  )
}
