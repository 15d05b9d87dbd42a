/** The profile's 'Your records' card (docs/product/screens.md#your-records). */
import type { RecordsFormat } from '../../machines/my-records/my-records.machine'

export const RECORDS_TITLE = 'Your records'
export const RECORDS_LEAD =
  'Download your requests and payments for a spreadsheet, or a copy of all the data we hold about you.'
export const downloadLabels: Record<RecordsFormat, string> = {
  csv: 'Download requests and payments (CSV)',
  json: 'Download all my data (JSON)',
}
export const DOWNLOADING = 'Preparing your file…'
export const savedTexts: Record<RecordsFormat, string> = {
  csv: 'Your requests and payments were downloaded.',
  json: 'Your data was downloaded.',
}
export const RECORDS_RATE_LIMITED =
  'You have downloaded your records many times in the last hour. Please try again later.'
export const RECORDS_FAILED = 'Your file could not be prepared. Please try again.'
