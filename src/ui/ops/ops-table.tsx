import type { ReactNode } from 'react'
import type { components } from '../../../openapi/main.gen'
import { useOpsTexts } from './ops-messages'

type DeskPayment = components['schemas']['DeskPayment']

/** A table of the console's records, or "None." when there are none. Cells are shown as text. */
export function Table(props: {
  caption: string
  head: string[]
  rows: ReactNode[][]
  keys: string[]
}) {
  const { NOTHING_YET } = useOpsTexts()
  if (props.rows.length === 0) return <p className="account-note">{NOTHING_YET}</p>
  return (
    <table className="ops-table">
      <caption className="visually-hidden">{props.caption}</caption>
      <thead>
        <tr>
          {props.head.map((h) => (
            <th key={h} scope="col">
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {props.rows.map((cells, i) => (
          <tr key={props.keys[i]}>
            {cells.map((cell, j) => (
              <td key={props.head[j]}>{cell}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  )
}

/**
 * Card payments as the desk sees them (docs/product/payments.md#what-the-desk-sees), on the
 * customer's page and on a request's: the amounts as stored, our status, Paybis's transaction and
 * request ids with its own status, and the times with how the status last reached us.
 */
export function DeskPaymentsTable(props: { caption: string; payments: readonly DeskPayment[] }) {
  const { money, when, paymentColumns, paymentStatusName, paymentSourceName } = useOpsTexts()
  return (
    <Table
      caption={props.caption}
      head={paymentColumns}
      keys={props.payments.map((p) => p.payment.id)}
      rows={props.payments.map((p) => [
        money(p.payment.spent),
        money(p.payment.received),
        paymentStatusName(p.payment.status),
        <>
          {`${p.paybisTransactionId} (${p.paybisStatus})`}
          <span className="ops-sub ops-code">{p.paybisRequestId}</span>
        </>,
        when(p.payment.createdAt),
        `${when(p.payment.updatedAt)} (${paymentSourceName(p.updatedBy)})`,
      ])}
    />
  )
}
