import { fromCallback } from 'xstate'
import { readProfile } from '../../api/kept-reads'
import type { MainClient } from '../../api/main-client'
import { fromAbortablePromise } from '../abortable-promise'
import type { AuthActorRef } from '../auth/auth.machine'
import type { HeaderProfileEvent } from './header-profile.machine'

export interface HeaderProfileDependencies {
  /** The main client, with the refresh queue (the bearer token and the one refresh on 401). */
  api: MainClient
  /** The app's auth actor: whether the customer is signed in. */
  auth: Pick<AuthActorRef, 'getSnapshot' | 'subscribe'>
}

/** The header-profile machine's side effects: the auth actor's signedIn, and the profile call. */
export function createHeaderProfileActors({ api, auth }: HeaderProfileDependencies) {
  return {
    watchSignedIn: fromCallback<HeaderProfileEvent>(({ sendBack }) => {
      let signedIn: boolean | undefined
      const report = (now: boolean) => {
        if (now === signedIn) return
        signedIn = now
        sendBack({ type: now ? 'auth.signedIn' : 'auth.signedOut' })
      }
      report(auth.getSnapshot().matches('signedIn'))
      const subscription = auth.subscribe((snapshot) => {
        report(snapshot.matches('signedIn'))
      })
      return () => {
        subscription.unsubscribe()
      }
    }),
    loadProfile: fromAbortablePromise<undefined>(async ({ signal }) => {
      await readProfile(api, signal)
      return undefined
    }),
  }
}
