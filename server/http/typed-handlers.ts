import type { FastifyReply, FastifyRequest } from 'fastify'
import { clientIp } from './client-ip.ts'
import type { operations } from '../../openapi/main.gen.ts'
import type { Profile } from '../users/profile-service.ts'

/** Operation ids of openapi/main.yaml. */
export type OperationId = keyof operations

type JsonOf<T> = T extends { content: { 'application/json': infer B } } ? B : undefined
/** A body the contract gives as JSON, or as text (the audit trail's CSV). */
type BodyOf<T> = T extends { content: { 'text/csv': infer B } } ? B : JsonOf<T>

/** The JSON body; `undefined` too where the contract's body is optional (none was sent). */
export type RequestBody<K extends OperationId> = operations[K] extends { requestBody: infer R }
  ? JsonOf<R>
  : operations[K] extends { requestBody?: infer R }
    ? JsonOf<NonNullable<R>> | undefined
    : undefined

export type RequestQuery<K extends OperationId> = NonNullable<operations[K]['parameters']['query']>

export type RequestParams<K extends OperationId> = NonNullable<operations[K]['parameters']['path']>

type SuccessStatus = 200 | 201 | 202 | 204

/** The success answers the contract allows for an operation, as status and JSON body. */
export type Success<K extends OperationId> = {
  [S in keyof operations[K]['responses'] & SuccessStatus]: {
    status: S
    body: BodyOf<operations[K]['responses'][S]>
  }
}[keyof operations[K]['responses'] & SuccessStatus]

export interface HandlerContext<K extends OperationId> {
  body: RequestBody<K>
  query: RequestQuery<K>
  params: RequestParams<K>
  /** The signed-in customer, set by the bearerAuth security handler. */
  userId: string | undefined
  /** The session of the caller's access token (its `sid`), set with `userId`. */
  sessionId: string | undefined
  /** The signed-in customer's profile, read by the security handler with the session. */
  callerProfile: Profile | undefined
  ip: string
  request: FastifyRequest
}

/** A success and, where the answer is not JSON (a CSV file), its own headers. */
export type Answer<K extends OperationId> = Success<K> & { headers?: Record<string, string> }

export type Handler<K extends OperationId> = (ctx: HandlerContext<K>) => Promise<Answer<K>>

export type Handlers = { [K in OperationId]?: Handler<K> }

declare module 'fastify' {
  interface FastifyRequest {
    userId?: string
    sessionId?: string
    callerProfile?: Profile
  }
}

/** Adapts a typed handler to Fastify: the contract has validated the request already. */
export function toRouteHandler<K extends OperationId>(handler: Handler<K>) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const result = await handler({
      body: request.body as RequestBody<K>,
      query: (request.query ?? {}) as RequestQuery<K>,
      params: (request.params ?? {}) as RequestParams<K>,
      userId: request.userId,
      sessionId: request.sessionId,
      callerProfile: request.callerProfile,
      ip: clientIp(request),
      request,
    })
    if (result.headers) void reply.headers(result.headers)
    return reply.code(result.status as number).send(result.body as unknown)
  }
}
