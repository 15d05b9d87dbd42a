/**
 * The shape of reports/paths/coverage.json, which `npm run test:paths` writes after every run and
 * the flow viewer lays over a live diagram: per machine and level, each path with its outcome and
 * how many paths walked each state and transition.
 */

/**
 * The levels a machine's paths run at: on the machine alone, through the real UI (jsdom, a fake
 * API), and in Chromium through the real app against the real server and sandboxes.
 */
export const coverageLevels = ['machine', 'ui', 'browser'] as const
export type CoverageLevel = (typeof coverageLevels)[number]

/**
 * The machines whose paths also run in Chromium (tests/browser/): the flows a customer crosses end
 * to end (issue 18), each added here once its browser path test reaches 100%. The others have no
 * browser level: the report shows '—' there and test:paths does not require it.
 */
export const browserLevelMachines: readonly string[] = [
  'consent',
  'converter',
  'resetCountdown',
  'forgotPasswordForm',
  'loginForm',
  'registerForm',
  'newPasswordForm',
  'quoteWizard',
  'paymentWidget',
  'kycVerification',
  'kybVerification',
  'auth',
  'login',
  'security',
  'requestLifecycle',
]

/**
 * The machines the server runs (docs/product/requests.md#lifecycle): no UI of their own drives
 * them, so they have no UI level; their browser level is the desk's and the customer's pages.
 */
export const serverMachines: readonly string[] = ['requestLifecycle']

/** Whether a machine's paths run at a level (every machine has the machine level). */
export function hasLevel(machineId: string, level: CoverageLevel): boolean {
  if (level === 'ui') return !serverMachines.includes(machineId)
  return level !== 'browser' || browserLevelMachines.includes(machineId)
}

export interface FailedStep {
  /** The step's position in the path; 0 is the start (`xstate.init`). */
  index: number
  /** The step's event in words ("submitQuote failed"). */
  event: string
  error: string
}

export interface PathResult {
  /** The path in words: "from closed: quote.open → quote.next". */
  name: string
  passed: boolean
  failedStep?: FailedStep
}

export interface LevelReport {
  paths: PathResult[]
  /** Every state key, with the number of paths at this level that walked it (0: uncovered). */
  stateCounts: Record<string, number>
  /** Every transition key (path-model.ts's transitionKey), with the number of paths that took it. */
  transitionCounts: Record<string, number>
}

export interface MachineCoverage {
  id: string
  /** Every state as a dotted key ("contact.failed"), in the machine's order. */
  states: string[]
  /** Every transition: its key and a readable label ("calculation → contact (quote.next)"). */
  transitions: Record<string, string>
  levels: Record<CoverageLevel, LevelReport>
}

export interface CoverageFile {
  /** ISO time of the run. */
  generatedAt: string
  machines: MachineCoverage[]
}

/**
 * How a count reads on a diagram: not walked at all, walked by one path, by a few, by many. The
 * bounds are fixed, not relative to the busiest item, so a colour means the same on every machine.
 */
export const coverageBuckets = [
  { className: 'cov-none', label: 'not walked', min: 0 },
  { className: 'cov-one', label: '1 path', min: 1 },
  { className: 'cov-few', label: '2–4 paths', min: 2 },
  { className: 'cov-many', label: '5 or more paths', min: 5 },
] as const

export type CoverageClass = (typeof coverageBuckets)[number]['className']

/** The colour class of a state or transition walked by `count` paths. */
export function coverageClass(count: number): CoverageClass {
  let found: CoverageClass = 'cov-none'
  for (const bucket of coverageBuckets) if (count >= bucket.min) found = bucket.className
  return found
}
