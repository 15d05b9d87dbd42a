import { useLingui } from '@lingui/react/macro'
import type { MyRecordsView, RecordsFormat } from '../../machines/my-records/my-records.machine'
import { DOWNLOAD_MESSAGES, RECORDS_MESSAGES, SAVED_MESSAGES } from './records-texts'

export interface RecordsCardProps {
  view: MyRecordsView
  onDownload: (format: RecordsFormat) => void
}

const formats: readonly RecordsFormat[] = ['csv', 'json']

/** 'Your records' on the profile (docs/product/screens.md#your-records): the two downloads. */
export function RecordsCard({ view, onDownload }: RecordsCardProps) {
  const { t } = useLingui()
  return (
    <div className="account-card" role="region" aria-labelledby="records-title">
      <h2 id="records-title" className="account-subtitle">
        {t(RECORDS_MESSAGES.RECORDS_TITLE)}
      </h2>
      <p>{t(RECORDS_MESSAGES.RECORDS_LEAD)}</p>
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
            {t(DOWNLOAD_MESSAGES[format])}
          </button>
        ))}
      </div>
      <p role="status">
        {view.downloading
          ? t(RECORDS_MESSAGES.DOWNLOADING)
          : view.saved
            ? t(SAVED_MESSAGES[view.saved])
            : ''}
      </p>
      {view.failure ? (
        <div className="form-alert" role="alert">
          {view.failure.errorType === 'RATE_LIMITED'
            ? t(RECORDS_MESSAGES.RECORDS_RATE_LIMITED)
            : t(RECORDS_MESSAGES.RECORDS_FAILED)}
        </div>
      ) : null}
    </div>
  )
}
