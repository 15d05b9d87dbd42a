/**
 * The customer area's browser side effects, as actors the route layer provides to the charts:
 * the page's scroll lock and the providers' widget messages (postMessage), which machines never
 * touch themselves.
 */
import { fromCallback } from 'xstate'
import { paybisEventOf } from '../../../../machines/payment-widget/paybis-events'
import type { PaymentWidgetEvent } from '../../../../machines/payment-widget/payment-widget.machine'
import {
  tokenUpdateMessage,
  widgetEventOf,
  type WidgetEvent,
} from '../../../../machines/verification/sumsub-messages'
import type { WidgetCommand } from '../../../../machines/verification/verification.machine'
import { deferredToken, type PendingToken } from './pending-token'

/**
 * The page behind the full-screen widget cannot scroll while it runs
 * (docs/product/flows.md#payment-widget).
 */
export const lockPageScroll = fromCallback(() => {
  const { documentElement: html, body } = document
  const before = { html: html.style.overflow, body: body.style.overflow }
  html.style.overflow = 'hidden'
  body.style.overflow = 'hidden'
  return () => {
    html.style.overflow = before.html
    body.style.overflow = before.body
  }
})

type Frame = () => HTMLIFrameElement | null

/**
 * Where the page keeps the widget's frame element: the view sets it through `ref` (a callback
 * ref), the message listeners read it when a message arrives.
 */
export function createFrameSlot() {
  let element: HTMLIFrameElement | null = null
  return {
    ref: (frame: HTMLIFrameElement | null) => {
      element = frame
    },
    current: (): HTMLIFrameElement | null => element,
  }
}

export type FrameSlot = ReturnType<typeof createFrameSlot>

/** Is this message from the frame we embedded, at the origin it must come from? */
function fromFrame(event: MessageEvent, origin: string, frame: Frame): boolean {
  const source = frame()?.contentWindow
  return origin !== '' && event.origin === origin && !!source && event.source === source
}

/**
 * The Paybis widget's messages (docs/product/providers/paybis.md#widget-events), accepted only from
 * its origin and frame.
 */
export function listenToPaybis(frame: Frame) {
  return fromCallback<PaymentWidgetEvent, { origin: string }>(({ input, sendBack }) => {
    const onMessage = (event: MessageEvent) => {
      if (!fromFrame(event, input.origin, frame)) return
      const widgetEvent = paybisEventOf(event.data)
      if (widgetEvent) sendBack(widgetEvent)
    }
    window.addEventListener('message', onMessage)
    return () => {
      window.removeEventListener('message', onMessage)
    }
  })
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null

/**
 * Sandbox mode: the local verification page speaks the WebSDK's protocol
 * (docs/product/providers/sumsub.md#websdk-message-protocol). Its `idCheck.*` messages come from
 * its origin and frame only; a renewed token goes back as `idCheck.updateAccessToken`, posted to
 * that origin only.
 */
export function sandboxVerificationBridge(origin: string, frame: Frame) {
  return fromCallback<WidgetCommand, { token: string }, WidgetEvent>(({ sendBack, receive }) => {
    const onMessage = (event: MessageEvent) => {
      if (!fromFrame(event, origin, frame)) return
      const data: unknown = event.data
      if (!isRecord(data) || typeof data.method !== 'string' || !data.method.includes('idCheck'))
        return
      const { method, frameId: _frameId, sessionId: _sessionId, ...payload } = data
      const widgetEvent = widgetEventOf(method as string, payload)
      if (widgetEvent) sendBack(widgetEvent)
    }
    window.addEventListener('message', onMessage)
    receive((command) => {
      const message =
        command.type === 'token.deliver'
          ? tokenUpdateMessage(command.token)
          : tokenUpdateMessage(null, command.error)
      frame()?.contentWindow?.postMessage(message, origin)
    })
    return () => {
      window.removeEventListener('message', onMessage)
    }
  })
}

/**
 * Live mode: the Sumsub WebSDK listens to its frame itself; this channel joins its callbacks to
 * the chart. Its `expirationHandler` reports the expiry and waits for the token the chart
 * renews (or refuses); `onMessage` passes the status reports on.
 */
export function createLiveVerificationChannel() {
  let listener: ((event: WidgetEvent) => void) | null = null
  let waiting: PendingToken[] = []
  return {
    onMessage: (type: string, payload: unknown) => {
      const widgetEvent = widgetEventOf(type, payload)
      if (widgetEvent) listener?.(widgetEvent)
    },
    expirationHandler: (): Promise<string> => {
      if (!listener) return Promise.reject(new Error('The check is closed'))
      const pending = deferredToken()
      waiting.push(pending)
      listener({ type: 'widget.tokenExpired' })
      return pending.promise
    },
    bridge: fromCallback<WidgetCommand, { token: string }, WidgetEvent>(({ sendBack, receive }) => {
      listener = sendBack
      receive((command) => {
        const pending = waiting.shift()
        if (command.type === 'token.deliver') pending?.resolve(command.token)
        else pending?.reject(new Error(command.error))
      })
      return () => {
        listener = null
        for (const pending of waiting) pending.reject(new Error('The check was closed'))
        waiting = []
      }
    }),
  }
}

export type LiveVerificationChannel = ReturnType<typeof createLiveVerificationChannel>
