import type { CustomerExport } from '../users/customer-export.ts'
import { customerActor } from './request-handlers.ts'
import type { Handlers } from './typed-handlers.ts'

/**
 * The customer's own records (docs/decisions/115-customer-records-export.md): the caller's id and
 * session come from the access token, so the operations take no id at all.
 */
export function exportHandlers(exports: CustomerExport): Handlers {
  return {
    async exportMyRecordsCsv(ctx) {
      return {
        status: 200,
        body: await exports.csv(customerActor(ctx)),
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': 'attachment; filename="my-records.csv"',
          'cache-control': 'no-store',
        },
      }
    },
    async exportMyData(ctx) {
      return {
        status: 200,
        body: await exports.json(customerActor(ctx)),
        headers: {
          'content-disposition': 'attachment; filename="my-data.json"',
          'cache-control': 'no-store',
        },
      }
    },
  }
}
