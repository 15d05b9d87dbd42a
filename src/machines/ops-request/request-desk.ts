/**
 * What the desk's inbox and request page share (docs/product/requests.md#the-desk): the live
 * change they react to, a refusal as they keep it, and which permission each action needs.
 */
import { errorTypeOf, statusOf, ApiError } from '../../api/api-call'
import { detailOf } from '../../api/ops-call'

/** A change to a request, as `watchChanges` tells it. */
export interface RequestChanged {
  type: 'request.changed'
  requestId: string
  kind: string
}

/** Why an action or a read did not happen. */
export interface RequestFailure {
  errorType: string
  status: number | null
  /** The problem's own words (a REQUEST_STATE names the state). */
  detail: string | null
  /** A 400's field errors: the JSON pointer and the rule's message. */
  fields: { field: string; message: string }[]
  /** A read again failed (the page still shows what it had), not an action. */
  reading?: true
}

export function requestFailureOf(error: unknown, reading = false): RequestFailure {
  return {
    ...(reading ? { reading: true as const } : {}),
    errorType: errorTypeOf(error),
    status: statusOf(error),
    detail: detailOf(error),
    fields:
      error instanceof ApiError
        ? error.fieldErrors.map((e) => ({ field: e.field, message: e.message }))
        : [],
  }
}

/** The desk's actions, named as the contract's operations (and as `allowed` names them). */
export const deskOperations = [
  'assignRequest',
  'startRequestReview',
  'holdRequest',
  'releaseRequest',
  'askCustomer',
  'sendOffer',
  'approveOffer',
  'rejectOffer',
  'declineRequest',
  'completeRequest',
  'cancelRequest',
  'addRequestNote',
] as const
export type DeskOperation = (typeof deskOperations)[number]

/** Each operation's `x-permission` in openapi/main.yaml. */
export const operationPermission: Record<DeskOperation, string> = {
  assignRequest: 'requests:assign',
  startRequestReview: 'requests:work',
  holdRequest: 'requests:hold',
  releaseRequest: 'requests:hold',
  askCustomer: 'requests:work',
  sendOffer: 'requests:offer',
  approveOffer: 'requests:approve-offer',
  rejectOffer: 'requests:approve-offer',
  declineRequest: 'requests:work',
  completeRequest: 'requests:complete',
  cancelRequest: 'requests:cancel',
  addRequestNote: 'requests:note',
}

/** Actions that take a required reason. */
export const reasonOperations = [
  'holdRequest',
  'releaseRequest',
  'rejectOffer',
  'declineRequest',
  'cancelRequest',
] as const
export type ReasonOperation = (typeof reasonOperations)[number]

/** Actions taken with one click: nothing to type but the version shown. */
export const directOperations = [
  'assignRequest',
  'startRequestReview',
  'approveOffer',
  'completeRequest',
] as const
export type DirectOperation = (typeof directOperations)[number]

/** Actions that open a form. */
export type FormOperation = Exclude<DeskOperation, DirectOperation>

export const isDirectOperation = (op: DeskOperation): op is DirectOperation =>
  (directOperations as readonly string[]).includes(op)
