import { useEffect, useRef, type ReactNode } from 'react'
import type { MachineSummary } from '../../flows/state-diagram'
import './flow-viewer.css'

export interface LiveActorView {
  actorId: string
  machineId: string
  /** The state as dotted keys ("signedIn.active"). */
  states: string[]
  status: string
  at: number
}

export interface FlowViewerProps {
  machines: { id: string; file: string }[]
  selected: string
  diagramSvg: string | null
  diagramError: string | null
  summary: MachineSummary
  paths: string[]
  pathsError: string | null
  liveActors: LiveActorView[]
  /**
   * The diagram node ids to highlight: the states the selected machine's running actors are in,
   * or while playing, the state the play has reached.
   */
  activeNodeIds: string[]
  /** A class per diagram node id, laid over the diagram (the coverage report's colours). */
  nodeClasses: Readonly<Record<string, string>>
  playing: boolean
  /** The play panel, shown while playing. */
  play: ReactNode
  /** The coverage report panel. */
  coverage: ReactNode
  onSelect(id: string): void
  onPlayingChange(playing: boolean): void
}

/** Classes this view lays over Mermaid's nodes, removed before each new layout. */
const OVERLAY = /^(flow-active|cov-.+)$/

/**
 * The flow viewer for product owners and QA: diagram, vocabulary, generated paths, live states,
 * a play mode that clicks through a machine, and a coverage report over the diagram.
 */
export function FlowViewer(props: FlowViewerProps) {
  const diagram = useRef<HTMLDivElement>(null)

  useEffect(() => {
    const root = diagram.current
    if (!root) return
    const wanted = new Set(props.activeNodeIds)
    // Mermaid names a state's box `<svg id>-state-<node id>-<n>` (notes and parents end otherwise).
    for (const node of root.querySelectorAll('g[id*="-state-"]')) {
      for (const name of [...node.classList]) if (OVERLAY.test(name)) node.classList.remove(name)
      const nodeId = /-state-(.+)-\d+$/.exec(node.id)?.[1]
      if (!nodeId) continue
      if (wanted.has(nodeId)) node.classList.add('flow-active')
      const overlay = props.nodeClasses[nodeId]
      if (overlay) node.classList.add(overlay)
    }
  }, [props.diagramSvg, props.activeNodeIds, props.nodeClasses])

  return (
    <div className="flow-viewer">
      <nav className="flow-list" aria-label="Machines">
        <h1>Flows</h1>
        <ul>
          {props.machines.map((m) => (
            <li key={m.id}>
              <button
                type="button"
                aria-current={m.id === props.selected ? 'true' : undefined}
                onClick={() => {
                  props.onSelect(m.id)
                }}
              >
                {m.id}
                <span className="flow-live-count">
                  {props.liveActors.filter((a) => a.machineId === m.id && a.status === 'active')
                    .length || ''}
                </span>
              </button>
            </li>
          ))}
        </ul>
      </nav>
      <main className="flow-main">
        <div className="flow-heading">
          <h2>{props.selected}</h2>
          <button
            type="button"
            aria-pressed={props.playing}
            onClick={() => {
              props.onPlayingChange(!props.playing)
            }}
          >
            Play
          </button>
        </div>
        <p className="flow-file">{props.machines.find((m) => m.id === props.selected)?.file}</p>
        <div className={props.playing ? 'flow-stage flow-stage-playing' : 'flow-stage'}>
          <section aria-label="Diagram" className="flow-diagram" ref={diagram}>
            {props.diagramError ? (
              <p role="alert">The diagram could not be drawn: {props.diagramError}</p>
            ) : props.diagramSvg ? (
              <div dangerouslySetInnerHTML={{ __html: props.diagramSvg }} />
            ) : (
              <p>Drawing…</p>
            )}
          </section>
          {props.playing && props.play}
        </div>
        {props.coverage}
        <div className="flow-facts">
          <section>
            <h3>States</h3>
            <ul>
              {props.summary.states.map((s) => (
                <li key={s}>
                  <code>{s}</code>
                </li>
              ))}
            </ul>
          </section>
          <section>
            <h3>Events</h3>
            <ul>
              {props.summary.events.map((e) => (
                <li key={e}>
                  <code>{e}</code>
                </li>
              ))}
            </ul>
          </section>
          <section>
            <h3>Named delays</h3>
            <ul>
              {props.summary.delays.map((d) => (
                <li key={d.name}>
                  <code>{d.name}</code> {d.ms !== undefined ? `${d.ms} ms` : '(computed)'}
                </li>
              ))}
              {props.summary.delays.length === 0 && <li>none</li>}
            </ul>
          </section>
          <section>
            <h3>Invoked actors</h3>
            <ul>
              {props.summary.actors.map((a) => (
                <li key={a}>
                  <code>{a}</code>
                </li>
              ))}
              {props.summary.actors.length === 0 && <li>none</li>}
            </ul>
          </section>
        </div>
        <section aria-label="Running actors" className="flow-live">
          <h3>Running now</h3>
          {props.liveActors.length === 0 ? (
            <p>No actor has reported yet: use the site in this tab or another one.</p>
          ) : (
            <table>
              <thead>
                <tr>
                  <th scope="col">machine</th>
                  <th scope="col">actor</th>
                  <th scope="col">state</th>
                  <th scope="col">status</th>
                </tr>
              </thead>
              <tbody>
                {props.liveActors.map((a) => (
                  <tr
                    key={a.actorId}
                    className={a.machineId === props.selected ? 'flow-row-selected' : ''}
                  >
                    <td>{a.machineId}</td>
                    <td>
                      <code>{a.actorId}</code>
                    </td>
                    <td>{a.states.join(', ')}</td>
                    <td>{a.status}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
        <section aria-label="Test paths" className="flow-paths">
          <h3>Generated test paths ({props.paths.length})</h3>
          {props.pathsError ? (
            <p role="alert">{props.pathsError}</p>
          ) : (
            <ol>
              {props.paths.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ol>
          )}
        </section>
      </main>
    </div>
  )
}
