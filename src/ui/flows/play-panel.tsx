import type { ChoiceKind } from '../../flows/simulation'

export interface PlayChoiceView {
  kind: ChoiceKind
  label: string
  /** Named actions the step runs in the app ("goToVerification"). */
  effects: string[]
}

export interface PlayStepView {
  /** The choice taken; "start" for the first step. */
  label: string
  /** The deepest states the machine is in after it ("contact.failed"). */
  states: string[]
  effects: string[]
}

export interface PlayPanelProps {
  /** The machine's state now, as in the last step; its status when it is no longer running. */
  status: string
  choices: PlayChoiceView[]
  history: PlayStepView[]
  /** Running actors that are machines of their own, which can be played on their own. */
  childMachines: { actorId: string; machineId: string }[]
  onChoose(index: number): void
  onBack(): void
  onRestart(): void
  onPlayMachine(machineId: string): void
}

const groups: { kind: ChoiceKind; title: string; empty: string }[] = [
  { kind: 'event', title: 'Events it accepts', empty: 'No event changes anything here.' },
  { kind: 'delay', title: 'Time passing', empty: 'No delay is pending.' },
  { kind: 'outcome', title: 'Actor outcomes', empty: 'No actor is running.' },
]

/**
 * Playing a flow: what the machine may do next as buttons, grouped by what causes it, and the
 * steps taken so far with a way back.
 */
export function PlayPanel(props: PlayPanelProps) {
  const now = props.history.at(-1)
  return (
    <section aria-label="Play" className="flow-play">
      <h3>Play</h3>
      <p className="flow-play-now">
        Now in: <strong>{now?.states.join(', ')}</strong>
        {props.status !== 'active' && ` (${props.status === 'done' ? 'finished' : props.status})`}
      </p>
      {groups.map(({ kind, title, empty }) => {
        const here = props.choices
          .map((choice, index) => ({ choice, index }))
          .filter(({ choice }) => choice.kind === kind)
        return (
          <section key={kind} aria-label={title} className="flow-play-group">
            <h4>{title}</h4>
            {here.length === 0 ? (
              <p className="flow-play-empty">{empty}</p>
            ) : (
              <ul>
                {here.map(({ choice, index }) => (
                  <li key={choice.label}>
                    <button
                      type="button"
                      onClick={() => {
                        props.onChoose(index)
                      }}
                    >
                      {choice.label}
                    </button>
                    {choice.effects.length > 0 && (
                      <span className="flow-play-effects"> runs {choice.effects.join(', ')}</span>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </section>
        )
      })}
      {props.childMachines.length > 0 && (
        <p className="flow-play-children">
          {props.childMachines.map(({ actorId, machineId }) => (
            <span key={actorId}>
              <code>{actorId}</code> is the machine {machineId}:{' '}
              <button
                type="button"
                onClick={() => {
                  props.onPlayMachine(machineId)
                }}
              >
                Play {machineId}
              </button>{' '}
            </span>
          ))}
        </p>
      )}
      <section aria-label="History" className="flow-play-history">
        <h4>History</h4>
        <ol>
          {props.history.map((step, i) => (
            <li key={i}>
              {step.label} → <code>{step.states.join(', ')}</code>
              {step.effects.length > 0 && (
                <span className="flow-play-effects"> (runs {step.effects.join(', ')})</span>
              )}
            </li>
          ))}
        </ol>
        <button
          type="button"
          disabled={props.history.length < 2}
          onClick={() => {
            props.onBack()
          }}
        >
          Back
        </button>{' '}
        <button
          type="button"
          disabled={props.history.length < 2}
          onClick={() => {
            props.onRestart()
          }}
        >
          Restart
        </button>
      </section>
    </section>
  )
}
