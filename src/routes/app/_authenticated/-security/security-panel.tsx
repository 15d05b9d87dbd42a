/**
 * The profile's Security section wired to its chart (decision 109): the one security actor, its
 * five children's views, and the customer's clicks sent to the child they are for. The cards and
 * the step-up dialog talk to each other inside the chart, not here.
 */
import { useActorRef, useSelector } from '@xstate/react'
import type { InspectionEvent } from 'xstate'
import type { MainClient } from '../../../../api/main-client'
import { selectAuthenticatorAppView } from '../../../../machines/authenticator-app/authenticator-app.machine'
import { selectChangePasswordView } from '../../../../machines/change-password/change-password.machine'
import { selectPasskeysView } from '../../../../machines/passkeys/passkeys.machine'
import { createSecurityActors } from '../../../../machines/security/security.actors'
import {
  securityMachine,
  type SecuritySnapshot,
} from '../../../../machines/security/security.machine'
import { selectSessionsView } from '../../../../machines/sessions/sessions.machine'
import { selectStepUpView } from '../../../../machines/step-up/step-up.machine'
import { SecuritySection } from '../../../../ui/account/security-section'
import type { WebAuthnBrowser } from '../../../../webauthn-browser'

export interface SecurityPanelProps {
  api: MainClient
  webauthn: WebAuthnBrowser
  inspect?: ((event: InspectionEvent) => void) | undefined
}

type Children = SecuritySnapshot['children']

/** The browser's clipboard, absent outside a secure context whatever the types say. */
const browserClipboard = () =>
  typeof navigator === 'undefined' ? undefined : (navigator.clipboard as Clipboard | undefined)

/** A child of the section: invoked with the chart, so there from the start. */
function childOf<K extends keyof Children>(snapshot: SecuritySnapshot, id: K) {
  const child = snapshot.children[id]
  if (!child) throw new Error(`security: the ${id} child is not running`)
  return child as NonNullable<Children[K]>
}

export function SecurityPanel({ api, webauthn, inspect }: SecurityPanelProps) {
  const security = useActorRef(
    securityMachine.provide({ actors: createSecurityActors(api, webauthn, browserClipboard) }),
    { inspect },
  )
  const stepUp = useSelector(security, (s) => childOf(s, 'stepUp'))
  const password = useSelector(security, (s) => childOf(s, 'changePassword'))
  const passkeys = useSelector(security, (s) => childOf(s, 'passkeys'))
  const app = useSelector(security, (s) => childOf(s, 'authenticatorApp'))
  const sessions = useSelector(security, (s) => childOf(s, 'sessions'))
  return (
    <SecuritySection
      stepUp={{
        view: useSelector(stepUp, selectStepUpView),
        onPasswordChange: (value) => {
          stepUp.send({ type: 'password.change', value })
        },
        onCodeChange: (value) => {
          stepUp.send({ type: 'code.change', value })
        },
        onSwitchProof: (proof) => {
          stepUp.send({ type: 'proof.switch', proof })
        },
        onSubmit: () => {
          stepUp.send({ type: 'form.submit' })
        },
        onCancel: () => {
          stepUp.send({ type: 'stepUp.cancel' })
        },
      }}
      password={{
        view: useSelector(password, selectChangePasswordView),
        onChange: (value) => {
          password.send({ type: 'password.change', value })
        },
        onSubmit: () => {
          password.send({ type: 'form.submit' })
        },
      }}
      passkeys={{
        view: useSelector(passkeys, selectPasskeysView),
        onReload: () => {
          passkeys.send({ type: 'passkeys.reload' })
        },
        onAdd: () => {
          passkeys.send({ type: 'passkey.add' })
        },
        onRename: (id) => {
          passkeys.send({ type: 'passkey.rename', id })
        },
        onNameChange: (value) => {
          passkeys.send({ type: 'name.change', value })
        },
        onRenameSave: () => {
          passkeys.send({ type: 'rename.save' })
        },
        onRenameCancel: () => {
          passkeys.send({ type: 'rename.cancel' })
        },
        onRemove: (id) => {
          passkeys.send({ type: 'passkey.remove', id })
        },
        onRemoveConfirm: () => {
          passkeys.send({ type: 'remove.confirm' })
        },
        onRemoveCancel: () => {
          passkeys.send({ type: 'remove.cancel' })
        },
      }}
      app={{
        view: useSelector(app, selectAuthenticatorAppView),
        onReload: () => {
          app.send({ type: 'totp.reload' })
        },
        onSetUp: () => {
          app.send({ type: 'totp.setUp' })
        },
        onCodeChange: (value) => {
          app.send({ type: 'code.change', value })
        },
        onCodeSubmit: () => {
          app.send({ type: 'code.submit' })
        },
        onSetUpCancel: () => {
          app.send({ type: 'setUp.cancel' })
        },
        onCopyCodes: () => {
          app.send({ type: 'codes.copy' })
        },
        onCodesSaved: () => {
          app.send({ type: 'codes.saved' })
        },
        onRemove: () => {
          app.send({ type: 'totp.remove' })
        },
        onRemoveConfirm: () => {
          app.send({ type: 'remove.confirm' })
        },
        onRemoveCancel: () => {
          app.send({ type: 'remove.cancel' })
        },
      }}
      sessions={{
        view: useSelector(sessions, selectSessionsView),
        onReload: () => {
          sessions.send({ type: 'sessions.reload' })
        },
        onEnd: (id) => {
          sessions.send({ type: 'session.end', id })
        },
        onEndOthers: () => {
          sessions.send({ type: 'sessions.endOthers' })
        },
      }}
    />
  )
}
