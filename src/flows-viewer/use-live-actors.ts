import { useEffect, useState } from 'react'
import { subscribeToLiveActors, type LiveActor } from '../flows/live-inspector'

/** Every app actor's latest state, from this tab and the others. */
export function useLiveActors(): ReadonlyMap<string, LiveActor> {
  const [live, setLive] = useState<ReadonlyMap<string, LiveActor>>(new Map())
  useEffect(
    () =>
      subscribeToLiveActors((actor) => {
        setLive((current) => new Map(current).set(actor.actorId, actor))
      }),
    [],
  )
  return live
}
