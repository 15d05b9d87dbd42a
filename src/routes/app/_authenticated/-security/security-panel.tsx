/**
 * The profile's Security section wired to its chart (decision 109): the one security actor, its
 * five children's views, and the customer's clicks sent to the child they are for. The cards and
 * the step-up dialog talk to each other inside the chart, not here.
 */
import { useActorRef, useSelector } from '@xstate/react'
import { useState } from 'react'
import type { EventObject, InspectionEvent } from 'xstate'
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

/** A click that sends one event to one of the section's children. */
const click =
  <E extends EventObject>(actor: { send(event: E): void }, event: E) =>
  () => {
    actor.send(event)
  }

/** A child of the section: invoked with the chart, so there from the start. */
function childOf<K extends keyof Children>(snapshot: SecuritySnapshot, id: K) {
  const child = snapshot.children[id]
  if (!child) throw new Error(`security: the ${id} child is not running`)
  return child as NonNullable<Children[K]>
}

export function SecurityPanel({ api, webauthn, inspect }: SecurityPanelProps) {
  const [machine] = useState(() =>
    securityMachine.provide({ actors: createSecurityActors(api, webauthn, browserClipboard) }),
  )
  const security = useActorRef(machine, { inspect })
  const stepUp = useSelector(security, (s) => childOf(s, 'stepUp'))
  const password = useSelector(security, (s) => childOf(s, 'changePassword'))
  const passkeys = useSelector(security, (s) => childOf(s, 'passkeys'))
  const app = useSelector(security, (s) => childOf(s, 'authenticatorApp'))
  const sessions = useSelector(security, (s) => childOf(s, 'sessions'))
  const stepUpView = useSelector(stepUp, selectStepUpView)
  const passwordView = useSelector(password, selectChangePasswordView)
  const passkeysView = useSelector(passkeys, selectPasskeysView)
  const appView = useSelector(app, selectAuthenticatorAppView)
  const sessionsView = useSelector(sessions, selectSessionsView)
  return (
    <SecuritySection
      stepUp={{
        view: stepUpView,
        onPasswordChange: (value) => {
          stepUp.send({ type: 'password.change', value })
        },
        onCodeChange: (value) => {
          stepUp.send({ type: 'code.change', value })
        },
        onSwitchProof: (proof) => {
          stepUp.send({ type: 'proof.switch', proof })
        },
        onSubmit: click(stepUp, { type: 'form.submit' }),
        onCancel: click(stepUp, { type: 'stepUp.cancel' }),
      }}
      password={{
        view: passwordView,
        onChange: (value) => {
          password.send({ type: 'password.change', value })
        },
        onSubmit: click(password, { type: 'form.submit' }),
      }}
      passkeys={{
        view: passkeysView,
        onReload: click(passkeys, { type: 'passkeys.reload' }),
        onAdd: click(passkeys, { type: 'passkey.add' }),
        onRename: (id) => {
          passkeys.send({ type: 'passkey.rename', id })
        },
        onNameChange: (value) => {
          passkeys.send({ type: 'name.change', value })
        },
        onRenameSave: click(passkeys, { type: 'rename.save' }),
        onRenameCancel: click(passkeys, { type: 'rename.cancel' }),
        onRemove: (id) => {
          passkeys.send({ type: 'passkey.remove', id })
        },
        onRemoveConfirm: click(passkeys, { type: 'remove.confirm' }),
        onRemoveCancel: click(passkeys, { type: 'remove.cancel' }),
      }}
      app={{
        view: appView,
        onReload: click(app, { type: 'totp.reload' }),
        onSetUp: click(app, { type: 'totp.setUp' }),
        onCodeChange: (value) => {
          app.send({ type: 'code.change', value })
        },
        onCodeSubmit: click(app, { type: 'code.submit' }),
        onSetUpCancel: click(app, { type: 'setUp.cancel' }),
        onCopyCodes: click(app, { type: 'codes.copy' }),
        onCodesSaved: click(app, { type: 'codes.saved' }),
        onRemove: click(app, { type: 'totp.remove' }),
        onRemoveConfirm: click(app, { type: 'remove.confirm' }),
        onRemoveCancel: click(app, { type: 'remove.cancel' }),
      }}
      sessions={{
        view: sessionsView,
        onReload: click(sessions, { type: 'sessions.reload' }),
        onEnd: (id) => {
          sessions.send({ type: 'session.end', id })
        },
        onEndOthers: click(sessions, { type: 'sessions.endOthers' }),
      }}
    />
  )
}
