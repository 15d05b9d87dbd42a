/** The profile's 'Your records' card (docs/product/screens.md#your-records). */
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { RecordsFormat } from '../../machines/my-records/my-records.machine'
import { englishOf } from './english'

/** The card's messages; the view shows them in the page's language. */
export const RECORDS_MESSAGES = {
  RECORDS_TITLE: msg`Your records`,
  RECORDS_LEAD: msg`Download your requests and payments for a spreadsheet, or a copy of all the data we hold about you.`,
  DOWNLOADING: msg`Preparing your file…`,
  RECORDS_RATE_LIMITED: msg`You have downloaded your records many times in the last hour. Please try again later.`,
  RECORDS_FAILED: msg`Your file could not be prepared. Please try again.`,
}

// The English texts, the spec's, for the tests.
export const { RECORDS_TITLE, RECORDS_LEAD, DOWNLOADING, RECORDS_RATE_LIMITED, RECORDS_FAILED } =
  englishOf(RECORDS_MESSAGES)

export const DOWNLOAD_MESSAGES: Record<RecordsFormat, MessageDescriptor> = {
  csv: msg`Download requests and payments (CSV)`,
  json: msg`Download all my data (JSON)`,
}
export const downloadLabels = englishOf(DOWNLOAD_MESSAGES)

export const SAVED_MESSAGES: Record<RecordsFormat, MessageDescriptor> = {
  csv: msg`Your requests and payments were downloaded.`,
  json: msg`Your data was downloaded.`,
}
export const savedTexts = englishOf(SAVED_MESSAGES)
