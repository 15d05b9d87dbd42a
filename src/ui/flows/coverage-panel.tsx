import type { MachineCoverageView } from '../../flows/coverage-overlay'
import { coverageBuckets, coverageClass, type CoverageLevel } from '../../flows/coverage-report'

export interface CoveragePanelProps {
  machineId: string
  /** The loaded report's name and this machine's part of it (null: the report lacks it). */
  report: { fileName: string; coverage: MachineCoverageView | null } | null
  error: string | null
  level: CoverageLevel
  onFile(file: File): void
  onLevel(level: CoverageLevel): void
  onHide(): void
}

const levelNames: Record<CoverageLevel, string> = {
  machine: 'Machine paths',
  ui: 'UI paths',
  browser: 'Browser paths',
}

/**
 * The latest path-test coverage report (reports/paths/coverage.json, picked by the user) over the
 * diagram: how many paths walked each state, with unwalked states marked.
 */
export function CoveragePanel(props: CoveragePanelProps) {
  const coverage = props.report?.coverage ?? null
  return (
    <section aria-label="Coverage report" className="flow-coverage">
      <h3>Coverage report</h3>
      <label>
        Show coverage report{' '}
        <input
          type="file"
          accept="application/json,.json"
          onChange={(event) => {
            const file = event.currentTarget.files?.[0]
            if (file) props.onFile(file)
            // Picking the same file again (a newer run) must load it again.
            event.currentTarget.value = ''
          }}
        />
      </label>
      {props.error && <p role="alert">The report could not be read: {props.error}</p>}
      {props.report && (
        <>
          <p>
            <code>{props.report.fileName}</code>
            {coverage && (
              <>
                , generated <time dateTime={coverage.generatedAt}>{coverage.generatedAt}</time>
              </>
            )}{' '}
            <button
              type="button"
              onClick={() => {
                props.onHide()
              }}
            >
              Hide coverage
            </button>
          </p>
          {coverage === null ? (
            <p role="status">The report has no paths for {props.machineId}.</p>
          ) : (
            <CoverageTable {...props} coverage={coverage} />
          )}
        </>
      )}
    </section>
  )
}

function CoverageTable(props: CoveragePanelProps & { coverage: MachineCoverageView }) {
  const { coverage } = props
  return (
    <>
      <fieldset className="flow-coverage-levels">
        <legend>Colour the diagram by</legend>
        {coverage.levels.map((level) => (
          <label key={level}>
            <input
              type="radio"
              name="coverage-level"
              checked={props.level === level}
              onChange={() => {
                props.onLevel(level)
              }}
            />{' '}
            {levelNames[level]} ({coverage.paths[level]})
          </label>
        ))}
      </fieldset>
      <ul className="flow-coverage-legend" aria-label="Legend">
        {coverageBuckets.map((bucket) => (
          <li key={bucket.className}>
            <span className={`flow-coverage-swatch ${bucket.className}`} /> {bucket.label}
          </li>
        ))}
      </ul>
      <table>
        <caption>Paths that walked each state</caption>
        <thead>
          <tr>
            <th scope="col">state</th>
            {coverage.levels.map((level) => (
              <th key={level} scope="col">
                {levelNames[level]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {coverage.states.map(({ state, counts }) => (
            <tr key={state}>
              <th scope="row">
                <code>{state}</code>
              </th>
              {coverage.levels.map((level) => {
                const count = counts[level]
                return (
                  <td key={level} className={count === null ? '' : coverageClass(count)}>
                    {count === null ? 'not in report' : count === 0 ? '0 (not walked)' : count}
                  </td>
                )
              })}
            </tr>
          ))}
        </tbody>
      </table>
      {coverage.levels.map((level) =>
        coverage.failed[level].length === 0 ? null : (
          <section key={level} aria-label={`Failed ${levelNames[level]}`}>
            <h4>
              Failed {levelNames[level].toLowerCase()} ({coverage.failed[level].length})
            </h4>
            <ul>
              {coverage.failed[level].map((path) => (
                <li key={path.name}>
                  {path.name}
                  {path.failedStep &&
                    ` — step ${String(path.failedStep.index)} (${path.failedStep.event}): ${path.failedStep.error}`}
                </li>
              ))}
            </ul>
          </section>
        ),
      )}
    </>
  )
}
