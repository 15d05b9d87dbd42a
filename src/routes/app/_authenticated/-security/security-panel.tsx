/**
 * The profile's Security section wired to its charts (issue 14): the password, passkeys,
 * authenticator-app and sessions charts, and the one step-up dialog they share. A change that
 * needs a step-up opens the dialog; its outcome goes to every chart, and the one that waits for it
 * goes on (or drops the change). A changed factor or password re-reads the sessions, because the
 * server has ended the others.
 */
import { useActorRef, useSelector } from '@xstate/react'
import { useState } from 'react'
import type { ActorRefFrom, InspectionEvent } from 'xstate'
import type { MainClient } from '../../../../api/main-client'
import { createAuthenticatorAppActors } from '../../../../machines/authenticator-app/authenticator-app.actors'
import {
  authenticatorAppMachine,
  selectAuthenticatorAppView,
} from '../../../../machines/authenticator-app/authenticator-app.machine'
import { createChangePasswordActors } from '../../../../machines/change-password/change-password.actors'
import {
  changePasswordMachine,
  selectChangePasswordView,
} from '../../../../machines/change-password/change-password.machine'
import { createPasskeysActors } from '../../../../machines/passkeys/passkeys.actors'
import { passkeysMachine, selectPasskeysView } from '../../../../machines/passkeys/passkeys.machine'
import { createSessionsActors } from '../../../../machines/sessions/sessions.actors'
import { selectSessionsView, sessionsMachine } from '../../../../machines/sessions/sessions.machine'
import { createStepUpActors } from '../../../../machines/step-up/step-up.actors'
import { selectStepUpView, stepUpMachine } from '../../../../machines/step-up/step-up.machine'
import type { StepUpOutcome } from '../../../../machines/step-up/step-up-required'
import { SecuritySection } from '../../../../ui/account/security-section'
import type { WebAuthnBrowser } from '../../../../webauthn-browser'

export interface SecurityPanelProps {
  api: MainClient
  webauthn: WebAuthnBrowser
  inspect?: ((event: InspectionEvent) => void) | undefined
}

/** The actors the charts' provided actions reach; filled in as each is created. */
interface Peers {
  stepUp?: ActorRefFrom<typeof stepUpMachine>
  sessions?: ActorRefFrom<typeof sessionsMachine>
  passkeys?: ActorRefFrom<typeof passkeysMachine>
  app?: ActorRefFrom<typeof authenticatorAppMachine>
  /** Every chart that may wait for the step-up; only a waiting one takes its outcome. */
  waiting: { send(event: StepUpOutcome): void }[]
}

export function SecurityPanel({ api, webauthn, inspect }: SecurityPanelProps) {
  const [peers] = useState<Peers>(() => ({ waiting: [] }))
  // The dialog asks for the factors the account has, as the passkeys and app cards read them.
  const requestStepUp = () => {
    const app = peers.app?.getSnapshot().context
    const hasTotp = app?.enabled === true
    peers.stepUp?.send({
      type: 'stepUp.open',
      hasTotp,
      hasPasskey: (peers.passkeys?.getSnapshot().context.passkeys.length ?? 0) > 0,
      hasRecoveryCodes: hasTotp && app.recoveryCodesLeft > 0,
    })
  }
  // One confirmation serves every change that waits: the session may make changes for 5 minutes.
  const tellWaiting = (outcome: StepUpOutcome) => {
    for (const actor of peers.waiting) actor.send(outcome)
  }
  const securityChanged = () => {
    peers.sessions?.send({ type: 'sessions.reload' })
  }
  const flowActions = { requestStepUp, securityChanged }

  const stepUp = useActorRef(
    stepUpMachine.provide({
      actors: createStepUpActors(api, webauthn),
      actions: {
        confirmed: () => {
          tellWaiting({ type: 'stepUp.confirmed' })
        },
        cancelled: () => {
          tellWaiting({ type: 'stepUp.cancelled' })
        },
      },
    }),
    { inspect },
  )
  const password = useActorRef(
    changePasswordMachine.provide({
      actors: createChangePasswordActors(api),
      actions: flowActions,
    }),
    { inspect },
  )
  const passkeys = useActorRef(
    passkeysMachine.provide({
      actors: createPasskeysActors(api, webauthn),
      actions: flowActions,
    }),
    { inspect },
  )
  const app = useActorRef(
    authenticatorAppMachine.provide({
      actors: createAuthenticatorAppActors(api, () =>
        // Absent outside a secure context, whatever the types say.
        typeof navigator === 'undefined'
          ? undefined
          : (navigator.clipboard as Clipboard | undefined),
      ),
      actions: flowActions,
    }),
    { inspect },
  )
  const sessions = useActorRef(
    sessionsMachine.provide({ actors: createSessionsActors(api), actions: { requestStepUp } }),
    { inspect },
  )
  Object.assign(peers, {
    stepUp,
    sessions,
    passkeys,
    app,
    waiting: [password, passkeys, app, sessions],
  })

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
        onSubmit: () => {
          stepUp.send({ type: 'form.submit' })
        },
        onCancel: () => {
          stepUp.send({ type: 'stepUp.cancel' })
        },
      }}
      password={{
        view: passwordView,
        onChange: (value) => {
          password.send({ type: 'password.change', value })
        },
        onSubmit: () => {
          password.send({ type: 'form.submit' })
        },
      }}
      passkeys={{
        view: passkeysView,
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
        view: appView,
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
        view: sessionsView,
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
