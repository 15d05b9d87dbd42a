import { createFileRoute, notFound } from '@tanstack/react-router'
import { useEffect, useMemo, useState } from 'react'
import { machineCatalog } from '../flows/catalog'
import { subscribeToLiveActors, type LiveActor } from '../flows/live-inspector'
import { pathsInWords } from '../flows/paths-in-words'
import { diagramNodeId, stateDiagram, stateValueKeys, summarize } from '../flows/state-diagram'
import { FlowViewer, type LiveActorView } from '../ui/flows/flow-viewer'

/** The live flow viewer: always in development, in production only when the server allows it. */
export const Route = createFileRoute('/flows')({
  beforeLoad: async ({ context }) => {
    if (import.meta.env.DEV) return
    const settings = await context.config.load()
    // TanStack Router's way to answer 'Page not found' from a route is to throw its notFound().
    // eslint-disable-next-line @typescript-eslint/only-throw-error
    if (!settings.flowsViewer) throw notFound()
  },
  component: FlowsRoute,
})

async function renderDiagram(text: string, key: string): Promise<string> {
  // Loaded only here: mermaid never reaches the customer pages' JavaScript.
  const { default: mermaid } = await import('mermaid')
  mermaid.initialize({ startOnLoad: false, securityLevel: 'strict', theme: 'neutral' })
  return (await mermaid.render(`flow-${key}`, text)).svg
}

function FlowsRoute() {
  const [selected, setSelected] = useState(machineCatalog[0]?.id ?? '')
  const entry = machineCatalog.find((m) => m.id === selected) ?? machineCatalog[0]
  const [diagram, setDiagram] = useState<{ key: string; svg?: string; error?: string }>()
  const [live, setLive] = useState<ReadonlyMap<string, LiveActor>>(new Map())

  useEffect(
    () =>
      subscribeToLiveActors((actor) => {
        setLive((current) => new Map(current).set(actor.actorId, actor))
      }),
    [],
  )
  useEffect(() => {
    if (!entry) return
    let current = true
    renderDiagram(stateDiagram(entry.machine), entry.id).then(
      (svg) => {
        if (current) setDiagram({ key: entry.id, svg })
      },
      (error: unknown) => {
        if (current) setDiagram({ key: entry.id, error: String(error) })
      },
    )
    return () => {
      current = false
    }
  }, [entry])
  const paths = useMemo(() => {
    if (!entry) return { list: [] }
    try {
      return { list: pathsInWords(entry.machine) }
    } catch (error) {
      return { list: [], error: `Paths need the events' payloads here: ${String(error)}` }
    }
  }, [entry])

  if (!entry) return <p>No machines found.</p>
  const liveActors: LiveActorView[] = [...live.values()]
    .sort((a, b) => b.at - a.at)
    .map((a) => ({ ...a, states: stateValueKeys(a.value).map((k) => k.join('.')) }))
  const activeNodeIds = [...live.values()]
    .filter((a) => a.machineId === entry.id && a.status === 'active')
    .flatMap((a) => stateValueKeys(a.value).map(diagramNodeId))
  const shown = diagram?.key === entry.id ? diagram : undefined

  return (
    <FlowViewer
      machines={machineCatalog.map(({ id, file }) => ({ id, file }))}
      selected={entry.id}
      diagramSvg={shown?.svg ?? null}
      diagramError={shown?.error ?? null}
      summary={summarize(entry.machine)}
      paths={paths.list}
      pathsError={paths.error ?? null}
      liveActors={liveActors}
      activeNodeIds={activeNodeIds}
      onSelect={setSelected}
    />
  )
}
