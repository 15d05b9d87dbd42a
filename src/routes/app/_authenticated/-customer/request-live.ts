/**
 * The request pages' live side: the server's change stream and the client clock, as the actors
 * the customer's request charts invoke.
 */
import { fromCallback, type EventObject } from 'xstate'
import { watchRequestChanges } from '../../../../api/request-events'

/** Sends `request.changed` for each change to the customer's requests until the chart stops it. */
export const watchCustomerChanges = fromCallback<EventObject>(({ sendBack }) => {
  const controller = new AbortController()
  watchRequestChanges(
    'customer',
    (change) => {
      sendBack({ type: 'request.changed', requestId: change.requestId, kind: change.kind })
    },
    controller.signal,
  )
  return () => {
    controller.abort()
  }
})

/** How often the clock ticks: an offer shows expired at most this long after validUntil. */
export const CLOCK_TICK_MS = 1000

/**
 * Sends the client clock at once and then every second. A tick compares the wall clock, so a
 * computer waking from sleep shows an offer expired at the next tick rather than never.
 */
export const watchClientClock = fromCallback<EventObject>(({ sendBack }) => {
  const tick = () => {
    sendBack({ type: 'clock.tick', now: new Date().toISOString() })
  }
  tick()
  const timer = setInterval(tick, CLOCK_TICK_MS)
  return () => {
    clearInterval(timer)
  }
})
