import { useEffect } from 'react'

/**
 * A prerendered page comes alive (decision 101) when its route's actors run, which for a page in
 * a route's Suspense boundary is after the root has hydrated. Each prerendered route calls this
 * after creating its actors: what the visitor typed before reaches the form, and the document
 * says the page is alive (`data-hydrated`, which the browser tests and the bench wait for).
 */
export function usePageAlive(): void {
  useEffect(() => {
    const { dataset } = document.documentElement
    if ('hydrated' in dataset) return
    const root = document.getElementById('root')
    if ('prerendered' in dataset && root) replayEarlyInput(root)
    dataset.hydrated = ''
  }, [])
}

/**
 * What a visitor typed into a prerendered form before the page came alive: the fields show it,
 * but React's state starts from the server's empty values and React 19 does not replay it. Each
 * changed field is handed to React as the visitor's own input event, so the form's chart receives
 * it exactly as if typed after hydration.
 */
function replayEarlyInput(root: HTMLElement): void {
  for (const field of root.querySelectorAll('input, textarea')) {
    if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement)) continue
    if (
      field instanceof HTMLInputElement &&
      (field.type === 'checkbox' || field.type === 'radio')
    ) {
      if (field.checked === field.defaultChecked) continue
      // Back to what React saw, then the visitor's click again (React reads checks from clicks).
      field.checked = field.defaultChecked
      field.click()
      continue
    }
    if (field.value === field.defaultValue) continue
    const typed = field.value
    // Assigning through the element tells React's change tracker the value it rendered; the
    // prototype's setter then puts the typed text back without telling it, so the input event
    // below reads as a change. All in one task: the field never shows anything else.
    field.value = field.defaultValue
    const prototype = Object.getPrototypeOf(field) as HTMLInputElement | HTMLTextAreaElement
    Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, typed)
    field.dispatchEvent(new Event('input', { bubbles: true }))
  }
}
