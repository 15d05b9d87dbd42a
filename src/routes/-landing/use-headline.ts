import { useLingui } from '@lingui/react/macro'
import { useActorRef, useSelector } from '@xstate/react'
import type { InspectionEvent } from 'xstate'
import { HEADLINE_WORDS, headlineMachine } from '../../machines/headline/headline.machine'
import { HEADLINE_WORDS_SHOWN } from '../../ui/landing/landing-content'

/**
 * The hero's rotating word: the headline machine, and what the hero shows of it. The machine
 * counts the letters of its (English) word; a word in another language shows the same share of
 * its own letters, so it is whole exactly when the machine's is.
 */
export function useHeadline(
  reducedMotion: boolean,
  inspect: ((event: InspectionEvent) => void) | undefined,
): { word: string; shown: number } {
  const { t } = useLingui()
  const headline = useActorRef(headlineMachine, { input: { animate: !reducedMotion }, inspect })
  const index = useSelector(headline, (s) => s.context.index)
  const counted = useSelector(headline, (s) => s.context.shown)
  const message = HEADLINE_WORDS_SHOWN[index]
  const source = HEADLINE_WORDS[index] ?? ''
  const word = message ? t(message) : source
  const shown =
    source.length === 0
      ? word.length
      : Math.min(word.length, Math.round((counted * word.length) / source.length))
  return { word, shown }
}
