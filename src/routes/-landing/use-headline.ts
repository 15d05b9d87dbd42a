import { useActorRef, useSelector } from '@xstate/react'
import type { InspectionEvent } from 'xstate'
import { headlineMachine, headlineWord } from '../../machines/headline/headline.machine'

/** The hero's rotating word: the headline machine, and what the hero shows of it. */
export function useHeadline(
  reducedMotion: boolean,
  inspect: ((event: InspectionEvent) => void) | undefined,
): { word: string; shown: number } {
  const headline = useActorRef(headlineMachine, { input: { animate: !reducedMotion }, inspect })
  const word = useSelector(headline, (s) => headlineWord(s.context).word)
  const shown = useSelector(headline, (s) => s.context.shown)
  return { word, shown }
}
