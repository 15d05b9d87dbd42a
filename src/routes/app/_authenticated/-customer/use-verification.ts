import { useActorRef, useSelector } from '@xstate/react'
import { useState } from 'react'
import type { InspectionEvent } from 'xstate'
import type { MainClient } from '../../../../api/main-client'
import type { PublicSettings } from '../../../../app-config'
import { createVerificationActors } from '../../../../machines/verification/verification.actors'
import {
  kybVerificationMachine,
  kycVerificationMachine,
  selectVerificationView,
} from '../../../../machines/verification/verification.machine'
import type { VerificationKind } from '../../../../machines/verification/verification-status'
import {
  createFrameSlot,
  createLiveVerificationChannel,
  sandboxVerificationBridge,
} from './browser-actors'

const machines = { kyc: kycVerificationMachine, kyb: kybVerificationMachine }

/**
 * One kind's chart with its real actors: the Sumsub calls, and the bridge to the widget the
 * page embeds (the local sandbox page, or the live WebSDK through its callbacks).
 */
export function useVerification(
  kind: VerificationKind,
  api: MainClient,
  settings: PublicSettings,
  inspect: ((event: InspectionEvent) => void) | undefined,
) {
  const [frame] = useState(createFrameSlot)
  const [live] = useState(createLiveVerificationChannel)
  const sandboxOrigin = settings.sumsubSandboxUrl
    ? new URL(settings.sumsubSandboxUrl, window.location.href).origin
    : ''
  const actor = useActorRef(
    machines[kind].provide({
      actors: {
        ...createVerificationActors(api, kind),
        widgetBridge:
          settings.providers === 'live'
            ? live.bridge
            : sandboxVerificationBridge(sandboxOrigin, frame.current),
      },
    }),
    { inspect },
  )
  const view = useSelector(actor, selectVerificationView)
  return { actor, view, frame, live }
}
