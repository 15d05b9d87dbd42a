/**
 * How the Security section's actors talk to each other (docs/product/account-security.md#step-up,
 * decision 109), in one place. The step-up dialog is the one actor with the system id 'stepUp'. A
 * change the server refuses with 403 STEP_UP_REQUIRED sends it `stepUp.request` and waits; it
 * answers `stepUp.confirmed` (the change is sent again, once) or `stepUp.cancelled` (the change is
 * dropped) to every change that waits. The cards that read the account's second factors tell it
 * what to ask for with `stepUp.factors`. A card that changed the password or a factor tells the
 * section (its parent) `security.changed`, and the section reads the sessions again.
 */
import { assign, sendTo, type AnyActorRef, type ActorSystem } from 'xstate'
import { errorTypeOf } from '../../api/api-call'

/** How the changes find the step-up in their actor system. */
export const STEP_UP_SYSTEM_ID = 'stepUp'

/** What the account has, as far as a card read it (each card tells its own part). */
export interface StepUpFactorsReport {
  hasTotp?: boolean
  hasRecoveryCodes?: boolean
  hasPasskey?: boolean
}

/** What the step-up hears from the changes and the cards. */
export type StepUpProtocolEvent =
  /** A change needs a confirmation; `requester` is told the outcome. */
  | { type: 'stepUp.request'; requester: AnyActorRef }
  | ({ type: 'stepUp.factors' } & StepUpFactorsReport)

/** What the step-up tells the changes that wait for it. */
export type StepUpOutcome = { type: 'stepUp.confirmed' } | { type: 'stepUp.cancelled' }

const isStepUpRequired = (error: unknown) => errorTypeOf(error) === 'STEP_UP_REQUIRED'

/** The step-up, found through the actor system (it is the Security section's child). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any system holds it
export const stepUpIn = ({ system }: { system: ActorSystem<any> }) =>
  system.get(STEP_UP_SYSTEM_ID) as AnyActorRef

/**
 * What a machine whose changes may need a step-up keeps: whether this change asked already, so a
 * second 403 after a confirmation is a failure, never a loop. A change the customer starts
 * afresh sets it back (`freshChange`).
 */
export interface StepUpAware {
  stepUpAsked: boolean
}

export const freshChange = { stepUpAsked: false } satisfies StepUpAware

/** The protocol's guard, for a machine's `setup({ guards })`. */
export const stepUpGuards = {
  /** 403 STEP_UP_REQUIRED and this change has not asked yet. */
  stepUpNeeded: ({ context }: { context: StepUpAware }, params: { error: unknown }) =>
    isStepUpRequired(params.error) && !context.stepUpAsked,
}

/**
 * The protocol's actions, for a machine's `setup({ actions: { ...stepUpActions } })`. They are typed
 * as `never` there: XState types an action by its machine, and these two serve every machine that
 * keeps `StepUpAware` (which is all they touch).
 */
export const stepUpActions = {
  markStepUpAsked: assign({ stepUpAsked: true }),
  /** Asks the step-up for a confirmation; its answer comes back as a StepUpOutcome. */
  requestStepUp: sendTo(stepUpIn, ({ self }) => ({
    type: 'stepUp.request',
    requester: self,
  })),
} as unknown as { markStepUpAsked: never; requestStepUp: never }

/** What a card tells the section (its parent) after a change of the password or a factor. */
export type SecurityChanged = { type: 'security.changed' }

/**
 * The card's side of `security.changed`, for a card's `setup({ actions })` (typed like
 * `stepUpActions`). A card running alone (a test, the flow viewer) has no parent: it tells itself,
 * which nothing hears.
 */
export const sectionActions = {
  securityChanged: sendTo(({ self }) => self._parent ?? self, {
    type: 'security.changed',
  } satisfies SecurityChanged),
} as unknown as { securityChanged: never }

/**
 * The `onError` candidate of a change that may need a step-up: it asks (once) and waits in
 * `target`, a state whose `stepUp.confirmed` sends the change again and `stepUp.cancelled` drops it.
 */
export function askStepUp<const TTarget extends string>(target: TTarget) {
  return {
    guard: {
      type: 'stepUpNeeded' as const,
      params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }),
    },
    target,
    actions: ['markStepUpAsked' as const, 'requestStepUp' as const],
  }
}
