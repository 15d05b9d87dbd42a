import type { MainClient } from '../../api/main-client'
import type { WebAuthnBrowser } from '../../webauthn-browser'
import { createAuthenticatorAppActors } from '../authenticator-app/authenticator-app.actors'
import { authenticatorAppMachine } from '../authenticator-app/authenticator-app.machine'
import { createChangePasswordActors } from '../change-password/change-password.actors'
import { changePasswordMachine } from '../change-password/change-password.machine'
import { createPasskeysActors } from '../passkeys/passkeys.actors'
import { passkeysMachine } from '../passkeys/passkeys.machine'
import { createSessionsActors } from '../sessions/sessions.actors'
import { sessionsMachine } from '../sessions/sessions.machine'
import { createStepUpActors } from '../step-up/step-up.actors'
import { stepUpMachine } from '../step-up/step-up.machine'

/** The section's five children with their real calls (each card's own actors file). */
export function createSecurityActors(
  api: MainClient,
  webauthn: WebAuthnBrowser,
  /** The browser's clipboard when the recovery codes are copied (absent on an insecure page). */
  clipboard: () => { writeText(text: string): Promise<void> } | undefined,
) {
  return {
    stepUp: stepUpMachine.provide({ actors: createStepUpActors(api, webauthn) }),
    changePassword: changePasswordMachine.provide({ actors: createChangePasswordActors(api) }),
    passkeys: passkeysMachine.provide({ actors: createPasskeysActors(api, webauthn) }),
    authenticatorApp: authenticatorAppMachine.provide({
      actors: createAuthenticatorAppActors(api, clipboard),
    }),
    sessions: sessionsMachine.provide({ actors: createSessionsActors(api) }),
  }
}
