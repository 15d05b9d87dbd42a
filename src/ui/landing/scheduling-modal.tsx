import { useEffect, useState } from 'react'
import { PopupModal } from 'react-calendly'

export interface SchedulingModalProps {
  /** The scheduling page of the 30-minute call or meeting (configuration: schedulingUrl). */
  url: string
  /** What the dialog is for, for assistive technology. */
  title: string
  onClose: () => void
}

/**
 * The scheduling widget in a modal (docs/product/screens.md#scheduling-widget): react-calendly's
 * PopupModal, which closes on its overlay, its close button and its own close event; Escape closes
 * it too. This module is loaded only when a customer asks for it, so nothing of the scheduling
 * provider (its styles, its frame) loads before that.
 */
export default function SchedulingModal({ url, title, onClose }: SchedulingModalProps) {
  const [root, setRoot] = useState<HTMLDivElement | null>(null)

  useEffect(() => {
    if (!root) return
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
    root.querySelector<HTMLElement>('.calendly-popup-close')?.focus()
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose()
    }
    document.addEventListener('keydown', onKey)
    return () => {
      document.removeEventListener('keydown', onKey)
      opener?.focus()
    }
  }, [root, onClose])

  return (
    <div
      ref={setRoot}
      role="dialog"
      aria-modal="true"
      aria-label={title}
      className="scheduling-dialog"
    >
      {root ? (
        <PopupModal
          url={url}
          open
          rootElement={root}
          onModalClose={() => {
            onClose()
          }}
          iframeTitle={title}
          pageSettings={{ primaryColor: '0b1f3a', hideGdprBanner: true }}
        />
      ) : null}
    </div>
  )
}
