import { cleanUserAgent } from '../auth/sessions.ts'
import type { Database } from '../db/database.ts'
import { inboxPage } from '../requests/desk-inbox.ts'
import type { RequestDesk, CustomerActor, DeskCommand } from '../requests/request-desk.ts'
import { requireSession, requireUser } from './caller.ts'
import { requireStaff } from './permission-hook.ts'
import type { HandlerContext, Handlers } from './typed-handlers.ts'
import type { OperationId } from './typed-handlers.ts'
import type { FastifyRequest } from 'fastify'

/** The signed-in customer as the audit trail names them. */
export function customerActor<K extends OperationId>(ctx: HandlerContext<K>): CustomerActor {
  return {
    id: requireUser(ctx.userId),
    email: ctx.callerProfile?.email ?? null,
    roles: [],
    sessionId: requireSession(ctx.sessionId),
    ip: ctx.ip,
    userAgent: cleanUserAgent(ctx.request.headers['user-agent']),
  }
}

/**
 * Thin glue from the request operations, the customer's and the desk's, to the request desk
 * (server/requests/request-desk.ts). The permission hook has checked staff callers already.
 */
export function requestHandlers(desk: RequestDesk, db: Database, now: () => Date): Handlers {
  const act = async (
    ctx: { request: FastifyRequest; params: { requestId: string } },
    version: number,
    command: DeskCommand,
  ) => ({
    status: 200 as const,
    body: await desk.act(requireStaff(ctx.request.staff), ctx.params.requestId, version, command),
  })
  return {
    async getExchangeRequest(ctx) {
      return {
        status: 200,
        body: await desk.customerView(requireUser(ctx.userId), ctx.params.requestId),
      }
    },
    async replyToExchangeRequest(ctx) {
      return {
        status: 200,
        body: await desk.reply(customerActor(ctx), ctx.params.requestId, ctx.body.text),
      }
    },
    async acceptOffer(ctx) {
      return {
        status: 200,
        body: await desk.answerOffer(
          customerActor(ctx),
          ctx.params.requestId,
          ctx.body.version,
          'acceptOffer',
        ),
      }
    },
    async declineOffer(ctx) {
      return {
        status: 200,
        body: await desk.answerOffer(
          customerActor(ctx),
          ctx.params.requestId,
          ctx.body.version,
          'declineOffer',
        ),
      }
    },
    // The inbox's pages are not in the audit trail: opening a request is (decision 111).
    async listRequests(ctx) {
      return {
        status: 200,
        body: await inboxPage(db, ctx.query, requireStaff(ctx.request.staff).id, now()),
      }
    },
    async getRequest(ctx) {
      return {
        status: 200,
        body: await desk.view(requireStaff(ctx.request.staff), ctx.params.requestId),
      }
    },
    async addRequestNote(ctx) {
      return {
        status: 200,
        body: await desk.addNote(
          requireStaff(ctx.request.staff),
          ctx.params.requestId,
          ctx.body.text,
        ),
      }
    },
    assignRequest: (ctx) => {
      const { version, ...rest } = ctx.body
      return act(ctx, version, { action: 'assignRequest', ...rest })
    },
    startRequestReview: (ctx) => {
      const { version, ...rest } = ctx.body
      return act(ctx, version, { action: 'startRequestReview', ...rest })
    },
    holdRequest: (ctx) =>
      act(ctx, ctx.body.version, { action: 'holdRequest', reason: ctx.body.reason }),
    releaseRequest: (ctx) =>
      act(ctx, ctx.body.version, { action: 'releaseRequest', reason: ctx.body.reason }),
    askCustomer: (ctx) =>
      act(ctx, ctx.body.version, { action: 'askCustomer', text: ctx.body.text }),
    sendOffer: (ctx) => {
      const { version, ...figures } = ctx.body
      return act(ctx, version, { action: 'sendOffer', ...figures })
    },
    approveOffer: (ctx) => {
      const { version, ...rest } = ctx.body
      return act(ctx, version, { action: 'approveOffer', ...rest })
    },
    rejectOffer: (ctx) =>
      act(ctx, ctx.body.version, { action: 'rejectOffer', reason: ctx.body.reason }),
    declineRequest: (ctx) =>
      act(ctx, ctx.body.version, { action: 'declineRequest', reason: ctx.body.reason }),
    completeRequest: (ctx) => {
      const { version, ...rest } = ctx.body
      return act(ctx, version, { action: 'completeRequest', ...rest })
    },
    cancelRequest: (ctx) =>
      act(ctx, ctx.body.version, { action: 'cancelRequest', reason: ctx.body.reason }),
  }
}
