/**
 * A quote request's life, which the server runs as its single authority: written in domain/ so the
 * server and the SPA share it, shown here so the diagrams, the flow viewer and the path tests find
 * it beside every other machine.
 */
export { requestLifecycleMachine } from '../../../domain/request-lifecycle.machine'
