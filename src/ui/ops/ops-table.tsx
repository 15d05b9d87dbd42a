import type { ReactNode } from 'react'
import type { components } from '../../../openapi/main.gen'
import { formatDateTime } from '../account/date-time'
import { NOTHING_YET } from './ops-texts'

type DeskPayment = components['schemas']['DeskPayment']

/** A payment's figure as Paybis gave it, its decimals kept: '0.00162 BTC'; or a dash. */
const money = (m: { amount: string; currency: string } | null | undefined) =>
  m ? `${m.amount} ${m.currency}` : '—'

/** A time as people read it, or a dash. */
export const when = (iso: string | null) => (iso ? formatDateTime(iso) : '—')

/** A table of the console's records, or "None." when there are none. Cells are shown as text. */
export function Table(props: {
  caption: string
  head: string[]
  rows: ReactNode[][]
  keys: string[]
}) {
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
  return (
    <Table
      caption={props.caption}
      head={['Paid', 'Received', 'Status', 'Paybis', 'Created', 'Last change']}
      keys={props.payments.map((p) => p.payment.id)}
      rows={props.payments.map((p) => [
        money(p.payment.spent),
        money(p.payment.received),
        p.payment.status,
        <>
          {`${p.paybisTransactionId} (${p.paybisStatus})`}
          <span className="ops-sub ops-code">{p.paybisRequestId}</span>
        </>,
        when(p.payment.createdAt),
        `${when(p.payment.updatedAt)} (${p.updatedBy})`,
      ])}
    />
  )
}
