/**
 * What every sensitive change shares (issue 14 item 7): a 403 STEP_UP_REQUIRED opens the step-up
 * dialog, and once it is confirmed the change is sent again, once.
 */
import { errorTypeOf } from '../../api/api-call'

/** What the step-up dialog tells the change that waits for it. */
export type StepUpOutcome = { type: 'stepUp.confirmed' } | { type: 'stepUp.cancelled' }

export const isStepUpRequired = (error: unknown) => errorTypeOf(error) === 'STEP_UP_REQUIRED'
