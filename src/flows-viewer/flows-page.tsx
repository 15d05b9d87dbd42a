/**
 * The live flow viewer's page (/flows): a document of its own, built only when FLOWS_VIEWER=1 names
 * it (decision 107), so nothing of it, of mermaid or of the machines' diagrams reaches customers.
 */
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
import { useCoverageFile } from './use-coverage'
import { useDiagram } from './use-diagram'
import { useFlowsSearch } from './use-flows-search'
import { useLiveActors } from './use-live-actors'
import { usePlay } from './use-play'

export function FlowsPage() {
  const [search, navigate] = useFlowsSearch()
  const entry = machineCatalog.find((m) => m.id === search.flow) ?? machineCatalog[0]
  if (!entry) return <p>No machines found.</p>
  return (
    <MachineView
      entry={entry}
      playing={search.mode === 'play'}
      open={(flow, mode) => {
        navigate(mode ? { flow, mode } : { flow })
      }}
    />
  )
}

function MachineView({
  entry,
  playing,
  open,
}: {
  entry: CatalogEntry
  playing: boolean
  open: (flow: string, mode: 'play' | undefined) => void
}) {
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
