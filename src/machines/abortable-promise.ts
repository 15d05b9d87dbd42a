/**
 * The one way this product builds a promise actor that does real work (decision 060): the work
 * gets the actor's abort signal, and once that signal has fired its result is dropped, so a
 * cancelled load can never settle a state that is live again.
 *
 * Why dropping is needed: @xstate/react's `useActorRef` stops the actor when React unmounts the
 * component and, on the remount StrictMode (or Activity) does, puts back the stopped children's
 * snapshots as active and starts them again. The stop aborts the first run's signal and the
 * restart begins a second run; but XState relays a promise's outcome whenever its actor's
 * snapshot is active, which it is again, so the first run's rejection (an AbortError from fetch)
 * would reach the machine before the second run's answer and win.
 */
import { fromPromise, type NonReducibleUnknown, type PromiseActorLogic } from 'xstate'

type PromiseCreator<TOutput, TInput> = Parameters<typeof fromPromise<TOutput, TInput>>[0]

/**
 * `fromPromise` whose outcome counts only while its own run is current: `create` receives the
 * run's `signal` (pass it to every request), and a run whose signal was aborted never settles.
 */
export function fromAbortablePromise<TOutput, TInput = NonReducibleUnknown>(
  create: PromiseCreator<TOutput, TInput>,
): PromiseActorLogic<TOutput, TInput> {
  return fromPromise<TOutput, TInput>((args) =>
    unlessAborted(
      args.signal,
      // A synchronous throw becomes this run's rejection, checked like any other outcome.
      new Promise<TOutput>((resolve) => {
        resolve(create(args))
      }),
    ),
  )
}

/** Settles as `work` does, unless `signal` has been aborted by then: then it never settles. */
export function unlessAborted<T>(signal: AbortSignal, work: PromiseLike<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    work.then(
      (value) => {
        if (!signal.aborted) resolve(value)
      },
      (error: unknown) => {
        // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- the work's own rejection, passed on as it is
        if (!signal.aborted) reject(error)
      },
    )
  })
}
