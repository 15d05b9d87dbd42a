/** The profile's 'Your records' card wired to its chart; the browser saves what the server made. */
import { useActorRef, useSelector } from '@xstate/react'
import type { InspectionEvent } from 'xstate'
import type { MainClient } from '../../../../api/main-client'
import { createMyRecordsActors } from '../../../../machines/my-records/my-records.actors'
import {
  myRecordsMachine,
  selectMyRecordsView,
} from '../../../../machines/my-records/my-records.machine'
import { saveTextFile } from '../../../../save-file'
import { RecordsCard } from '../../../../ui/account/records-card'

export function RecordsPanel(props: {
  api: MainClient
  inspect?: ((event: InspectionEvent) => void) | undefined
}) {
  const records = useActorRef(
    myRecordsMachine.provide({
      actors: createMyRecordsActors(props.api),
      actions: {
        saveFile: (_, params) => {
          saveTextFile(params.text, params.fileName, params.type)
        },
      },
    }),
    { inspect: props.inspect },
  )
  const view = useSelector(records, selectMyRecordsView)
  return (
    <RecordsCard
      view={view}
      onDownload={(format) => {
        records.send({ type: 'records.download', format })
      }}
    />
  )
}
