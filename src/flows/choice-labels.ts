/**
 * How the flow viewer's choices read on their buttons: the event with a short summary of its
 * payload ("amount.change (value: "2500")"), a delay in words ("after 750 ms (debounce)"), an
 * actor's outcome ("submitQuote: error (VALIDATION_ERROR)"). Samples of one event whose
 * summaries are long or read alike are told apart by what differs between them.
 */
import type { AnyEventObject, AnyStateMachine } from 'xstate'
import { eventInWords } from './state-diagram'

const DONE = 'xstate.done.actor.'
const ERROR = 'xstate.error.actor.'
const MAX_TEXT = 24
const MAX_SUMMARY = 72

const cut = (words: string, max: number) =>
  words.length > max ? `${words.slice(0, max - 1)}…` : words

function textInWords(value: string): string {
  return JSON.stringify(cut(value, MAX_TEXT))
}

/** A failure as the app tells it apart: its contract errorType, else its name and message. */
function failureInWords(error: object): string | undefined {
  const { status, errorType, fields } = error as Record<string, unknown>
  if (typeof errorType === 'string') {
    const at =
      typeof fields === 'object' && fields !== null && Object.keys(fields).length > 0
        ? ` at ${Object.keys(fields).join(', ')}`
        : ''
    return `${typeof status === 'number' ? `${String(status)} ` : ''}${errorType}${at}`
  }
  if (!(error instanceof Error)) return undefined
  const own = Object.entries(error)
    .filter(([, v]) => typeof v === 'string')
    .map(([k, v]) => `${k}: ${textInWords(v as string)}`)
  const name = error.name === 'Error' ? '' : error.name
  const message = cut(error.message, 40)
  return [name && message ? `${name}: ${message}` : name || message, ...own]
    .filter(Boolean)
    .join(', ')
}

function valueInWords(value: unknown, depth: number): string {
  if (typeof value === 'string') return textInWords(value)
  if (value === null || typeof value !== 'object') return String(value)
  const failure = failureInWords(value)
  if (failure !== undefined) return failure
  if (Array.isArray(value)) return `[${String(value.length)} items]`
  const entries = Object.entries(value as Record<string, unknown>)
  if (entries.length === 0) return '{}'
  if (depth >= 2) return '{…}'
  return `{${entries.map(([k, v]) => `${k}: ${valueInWords(v, depth + 1)}`).join(', ')}}`
}

/** Every leaf of a payload by its path ("data.0.close" → '"50000"'), for telling samples apart. */
function leavesOf(value: unknown, path: string, out: Map<string, string>): Map<string, string> {
  const failure = typeof value === 'object' && value !== null ? failureInWords(value) : undefined
  if (typeof value !== 'object' || value === null || failure !== undefined) {
    out.set(path, failure ?? valueInWords(value, 0))
    return out
  }
  if (Array.isArray(value)) out.set(`${path}.length`, String(value.length))
  for (const [key, child] of Object.entries(value as Record<string, unknown>))
    leavesOf(child, path ? `${path}.${key}` : key, out)
  return out
}

interface Sample {
  /** "submitQuote: done", "amount.change". */
  head: string
  /** What the sample carries: the output, the error, or the event's own fields. */
  payload: unknown
}

function sampleOf(event: AnyEventObject): Sample {
  const { type, ...fields } = event
  if (type.startsWith(DONE))
    return { head: `${type.slice(DONE.length)}: done`, payload: fields.output }
  if (type.startsWith(ERROR))
    return { head: `${type.slice(ERROR.length)}: error`, payload: fields.error }
  const carried = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined))
  return { head: type, payload: Object.keys(carried).length > 0 ? carried : undefined }
}

function summaryOf({ payload }: Sample): string {
  if (payload === undefined) return ''
  if (typeof payload === 'object' && payload !== null && failureInWords(payload) === undefined) {
    const entries = Object.entries(payload as Record<string, unknown>)
    if (!Array.isArray(payload) && entries.length > 0)
      return entries.map(([k, v]) => `${k}: ${valueInWords(v, 1)}`).join(', ')
  }
  return valueInWords(payload, 0)
}

/** The leaves in which `sample` differs from its siblings, as "path: value". */
function differences(sample: Sample, siblings: Sample[]): string {
  const mine = leavesOf(sample.payload, '', new Map())
  const theirs = siblings.map((s) => leavesOf(s.payload, '', new Map()))
  const differing = [...mine].filter(([path, v]) => theirs.some((t) => t.get(path) !== v))
  if (differing.length === 0) return ''
  const shown = differing.slice(0, 2).map(([path, v]) => (path ? `${path}: ${v}` : v))
  return shown.join(', ') + (differing.length > 2 ? ', …' : '')
}

/** The labels of the choices offered together, in their order. */
export function choiceLabels(
  machine: AnyStateMachine,
  events: readonly AnyEventObject[],
): string[] {
  const samples = events.map(sampleOf)
  return events.map((event, i) => {
    if (event.type.startsWith('xstate.after.')) return eventInWords(machine, event.type)
    const sample = samples[i] as Sample
    const summary = summaryOf(sample)
    const siblings = samples.filter((s, j) => j !== i && s.head === sample.head)
    const alike = siblings.filter((s) => summaryOf(s) === summary)
    const words =
      alike.length > 0
        ? differences(sample, alike) || summary
        : siblings.length > 0 && summary.length > MAX_SUMMARY
          ? differences(sample, siblings) || summary
          : summary
    return words ? `${sample.head} (${cut(words, MAX_SUMMARY)})` : sample.head
  })
}
