import { useMemo, useState } from 'react'
import type { CatalogEntry } from '../flows/catalog'
import { flowFixtures } from '../flows/flow-fixtures'
import {
  activeStateKeys,
  childMachinesOf,
  choicesOf,
  choose,
  currentSnapshot,
  restart,
  startPlay,
  stepBack,
  type Play,
} from '../flows/simulation'
import { diagramNodeId } from '../flows/state-diagram'

/** The deepest states only: ["contact", "contact.failed"] reads "contact.failed". */
function leaves(keys: string[]): string[] {
  return keys.filter((key) => !keys.some((other) => other.startsWith(`${key}.`)))
}

/** A play of the selected machine: it starts over when another machine is picked. */
export function usePlay(entry: CatalogEntry) {
  const fresh = useMemo(() => startPlay(entry.machine, flowFixtures[entry.id]), [entry])
  const [played, setPlayed] = useState<Play>()
  const play = played?.machine === entry.machine ? played : fresh
  const choices = useMemo(() => choicesOf(play), [play])
  const snapshot = currentSnapshot(play)
  return {
    status: snapshot.status,
    activeNodeIds: activeStateKeys(snapshot).map((key) => diagramNodeId(key.split('.'))),
    choices,
    history: play.steps.map((step) => ({
      label: step.label,
      states: leaves(activeStateKeys(step.snapshot)),
      effects: step.effects,
    })),
    childMachines: childMachinesOf(snapshot),
    choose: (index: number) => {
      const choice = choices[index]
      if (choice) setPlayed(choose(play, choice))
    },
    back: () => {
      setPlayed(stepBack(play))
    },
    restart: () => {
      setPlayed(restart(play))
    },
  }
}
