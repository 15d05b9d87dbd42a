import type { MyRecordsView, RecordsFormat } from '../../machines/my-records/my-records.machine'
import {
  DOWNLOADING,
  RECORDS_FAILED,
  RECORDS_LEAD,
  RECORDS_RATE_LIMITED,
  RECORDS_TITLE,
  downloadLabels,
  savedTexts,
} from './records-texts'

export interface RecordsCardProps {
  view: MyRecordsView
  onDownload: (format: RecordsFormat) => void
}

const formats: readonly RecordsFormat[] = ['csv', 'json']

/** 'Your records' on the profile (docs/product/screens.md#your-records): the two downloads. */
export function RecordsCard({ view, onDownload }: RecordsCardProps) {
  return (
    <div className="account-card" role="region" aria-labelledby="records-title">
      <h2 id="records-title" className="account-subtitle">
        {RECORDS_TITLE}
      </h2>
      <p>{RECORDS_LEAD}</p>
      <div className="profile-actions">
        {formats.map((format) => (
          <button
            key={format}
            type="button"
            className="button button-secondary"
            disabled={view.downloading !== null}
            aria-busy={view.downloading === format || undefined}
            onClick={() => {
              onDownload(format)
            }}
          >
            {downloadLabels[format]}
          </button>
        ))}
      </div>
      <p role="status">
        {view.downloading ? DOWNLOADING : view.saved ? savedTexts[view.saved] : ''}
      </p>
      {view.failure ? (
        <div className="form-alert" role="alert">
          {view.failure.errorType === 'RATE_LIMITED' ? RECORDS_RATE_LIMITED : RECORDS_FAILED}
        </div>
      ) : null}
    </div>
  )
}
