import { useActorRef, useSelector } from '@xstate/react'
import { useState } from 'react'
import type { InspectionEvent } from 'xstate'
import type { MainClient } from '../../api/main-client'
import type { AuthActorRef } from '../../machines/auth/auth.machine'
import { createHeaderProfileActors } from '../../machines/header-profile/header-profile.actors'
import {
  headerProfileMachine,
  selectProfileLoaded,
} from '../../machines/header-profile/header-profile.machine'

/**
 * The header's `profileLoaded` (docs/product/flows.md#landing-header-and-hero): the header-profile
 * machine with the app's auth actor and main client. The actor lives as long as the landing; its
 * unmount stops it, which aborts a profile request still running.
 */
export function useProfileLoaded(
  auth: AuthActorRef,
  api: MainClient,
  inspect: ((event: InspectionEvent) => void) | undefined,
): boolean {
  const [machine] = useState(() =>
    headerProfileMachine.provide({ actors: createHeaderProfileActors({ api, auth }) }),
  )
  const headerProfile = useActorRef(machine, { inspect })
  return useSelector(headerProfile, selectProfileLoaded)
}
