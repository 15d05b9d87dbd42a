import { useLingui } from '@lingui/react/macro'
import { AuthenticatorAppCard, type AuthenticatorAppCardProps } from './authenticator-app-card'
import { ChangePasswordCard, type ChangePasswordCardProps } from './change-password-card'
import { PasskeysCard, type PasskeysCardProps } from './passkeys-card'
import { SECURITY_MESSAGES } from './security-texts'
import { SessionsCard, type SessionsCardProps } from './sessions-card'
import { StepUpDialog, type StepUpDialogProps } from './step-up-dialog'
import './security.css'

export interface SecuritySectionProps {
  password: ChangePasswordCardProps
  passkeys: PasskeysCardProps
  app: AuthenticatorAppCardProps
  sessions: SessionsCardProps
  stepUp: StepUpDialogProps
}

/**
 * The Security section of the profile page (docs/product/screens.md#security-section,
 * docs/product/account-security.md#security-section-texts): the password, the second factors and
 * the sessions, below the personal details and above the Logout section; 'Confirm it's you' over
 * them.
 */
export function SecuritySection({
  password,
  passkeys,
  app,
  sessions,
  stepUp,
}: SecuritySectionProps) {
  const { t } = useLingui()
  return (
    <section className="security-section" aria-labelledby="security-title">
      <h2 id="security-title" className="security-title">
        {t(SECURITY_MESSAGES.SECURITY_TITLE)}
      </h2>
      <p className="account-note">{t(SECURITY_MESSAGES.SECURITY_LEAD)}</p>
      <ChangePasswordCard {...password} />
      <PasskeysCard {...passkeys} />
      <AuthenticatorAppCard {...app} />
      <SessionsCard {...sessions} />
      <StepUpDialog {...stepUp} />
    </section>
  )
}
