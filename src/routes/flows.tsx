import { createFileRoute, notFound, useNavigate } from '@tanstack/react-router'
import { useMemo } from 'react'
import { machineCatalog, type CatalogEntry } from '../flows/catalog'
import { coverageClasses, machineCoverage } from '../flows/coverage-overlay'
import { flowFixtures } from '../flows/flow-fixtures'
import { stateKeysOf } from '../flows/path-model'
import { pathsInWords } from '../flows/paths-in-words'
import { diagramNodeId, stateValueKeys, summarize } from '../flows/state-diagram'
import { CoveragePanel } from '../ui/flows/coverage-panel'
import { FlowViewer, type LiveActorView } from '../ui/flows/flow-viewer'
import { PlayPanel } from '../ui/flows/play-panel'
import { useCoverageFile } from './-flows/use-coverage'
import { useDiagram } from './-flows/use-diagram'
import { useLiveActors } from './-flows/use-live-actors'
import { usePlay } from './-flows/use-play'

/** `?flow=<machine id>` picks a machine, `&mode=play` opens it in play mode (links in docs/flows/). */
interface FlowsSearch {
  flow?: string
  mode?: 'play'
}

/** The live flow viewer: always in development, in production only when the server allows it. */
export const Route = createFileRoute('/flows')({
  validateSearch: (search: Record<string, unknown>): FlowsSearch => ({
    ...(typeof search.flow === 'string' ? { flow: search.flow } : {}),
    ...(search.mode === 'play' ? { mode: 'play' as const } : {}),
  }),
  beforeLoad: async ({ context }) => {
    if (import.meta.env.DEV) return
    const settings = await context.config.load()
    // TanStack Router's way to answer 'Page not found' from a route is to throw its notFound().
    // eslint-disable-next-line @typescript-eslint/only-throw-error
    if (!settings.flowsViewer) throw notFound()
  },
  component: FlowsRoute,
})

function FlowsRoute() {
  const search = Route.useSearch()
  const entry = machineCatalog.find((m) => m.id === search.flow) ?? machineCatalog[0]
  if (!entry) return <p>No machines found.</p>
  return <MachineView entry={entry} playing={search.mode === 'play'} />
}

function MachineView({ entry, playing }: { entry: CatalogEntry; playing: boolean }) {
  const navigate = useNavigate({ from: '/flows' })
  const diagram = useDiagram(entry)
  const live = useLiveActors()
  const play = usePlay(entry)
  const coverageFile = useCoverageFile()
  const paths = useMemo(() => {
    try {
      return { list: pathsInWords(entry.machine, flowFixtures[entry.id]) }
    } catch (error) {
      return { list: [], error: `The paths could not be generated: ${String(error)}` }
    }
  }, [entry])
  const coverage = useMemo(
    () =>
      coverageFile.report &&
      machineCoverage(coverageFile.report.file, entry.id, stateKeysOf(entry.machine)),
    [coverageFile.report, entry],
  )
  const nodeClasses = useMemo(
    () => (coverage ? coverageClasses(coverage, coverageFile.level) : {}),
    [coverage, coverageFile.level],
  )

  const liveActors: LiveActorView[] = [...live.values()]
    .sort((a, b) => b.at - a.at)
    .map((a) => ({ ...a, states: stateValueKeys(a.value).map((k) => k.join('.')) }))
  const liveNodeIds = [...live.values()]
    .filter((a) => a.machineId === entry.id && a.status === 'active')
    .flatMap((a) => stateValueKeys(a.value).map(diagramNodeId))
  const open = (flow: string, mode: 'play' | undefined) =>
    void navigate({ search: mode ? { flow, mode } : { flow } })

  return (
    <FlowViewer
      machines={machineCatalog.map(({ id, file }) => ({ id, file }))}
      selected={entry.id}
      diagramSvg={diagram?.svg ?? null}
      diagramError={diagram?.error ?? null}
      summary={summarize(entry.machine)}
      paths={paths.list}
      pathsError={paths.error ?? null}
      liveActors={liveActors}
      activeNodeIds={playing ? play.activeNodeIds : liveNodeIds}
      nodeClasses={nodeClasses}
      playing={playing}
      play={
        <PlayPanel
          status={play.status}
          choices={play.choices}
          history={play.history}
          childMachines={play.childMachines}
          onChoose={play.choose}
          onBack={play.back}
          onRestart={play.restart}
          onPlayMachine={(id) => {
            open(id, 'play')
          }}
        />
      }
      coverage={
        <CoveragePanel
          machineId={entry.id}
          report={
            coverageFile.report
              ? { fileName: coverageFile.report.fileName, coverage: coverage ?? null }
              : null
          }
          error={coverageFile.error ?? null}
          level={coverageFile.level}
          onFile={coverageFile.load}
          onLevel={coverageFile.setLevel}
          onHide={coverageFile.hide}
        />
      }
      onSelect={(id) => {
        open(id, playing ? 'play' : undefined)
      }}
      onPlayingChange={(next) => {
        open(entry.id, next ? 'play' : undefined)
      }}
    />
  )
}
