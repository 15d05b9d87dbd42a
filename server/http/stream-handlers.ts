/**
 * The contract's server-sent-event operations: routed like the others (security, permission
 * hook, Last-Event-ID validated), but answered by writing the stream itself rather than a body.
 */
import type { RouteHandlerMethod } from 'fastify'
import type { RequestStreams } from '../requests/request-stream.ts'
import { requireUser } from './caller.ts'
import type { OperationId } from './typed-handlers.ts'

export type StreamHandlers = Partial<Record<OperationId, RouteHandlerMethod>>

export function streamHandlers(streams: RequestStreams): StreamHandlers {
  return {
    streamExchangeRequestEvents: (request, reply) =>
      streams.serve(request, reply, { kind: 'customer', customerId: requireUser(request.userId) }),
    streamDeskEvents: (request, reply) => streams.serve(request, reply, { kind: 'desk' }),
  }
}
