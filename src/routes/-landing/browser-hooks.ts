import { useEffect, useState, useSyncExternalStore } from 'react'

/**
 * True when the customer asked the system for less motion, as the page opens (the headline reads
 * it once, when it starts).
 */
export function usePrefersReducedMotion(): boolean {
  // A prerendered page (decision 101) has no window: the first word shows whole either way.
  const [reduced] = useState(
    () =>
      typeof window !== 'undefined' &&
      typeof window.matchMedia === 'function' &&
      window.matchMedia('(prefers-reduced-motion: reduce)').matches,
  )
  return reduced
}

const noChanges = () => () => undefined

/**
 * False while the page is being prerendered or hydrated, true after (decision 101): what depends
 * on the visitor (signed in, cookies decided) renders its signed-out, undecided state in the HTML
 * and while React takes the HTML over, then updates. A page React renders itself is true at once.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noChanges,
    () => true,
    () => false,
  )
}

/**
 * Which of `count` steps an element is at while it crosses the viewport: 0 as its top comes in at
 * the bottom, `count - 1` as it leaves at the top (docs/product/screens.md#benefits-strip).
 */
export function useScrollStep(count: number) {
  const [element, setElement] = useState<HTMLElement | null>(null)
  const [step, setStep] = useState(0)
  useEffect(() => {
    if (!element) return
    let frame = 0
    const measure = () => {
      frame = 0
      const rect = element.getBoundingClientRect()
      const height = window.innerHeight
      const progress = (height - rect.top) / (height + rect.height)
      setStep(Math.min(count - 1, Math.max(0, Math.floor(progress * count))))
    }
    const schedule = () => {
      frame ||= requestAnimationFrame(measure)
    }
    schedule()
    window.addEventListener('scroll', schedule, { passive: true })
    window.addEventListener('resize', schedule)
    return () => {
      cancelAnimationFrame(frame)
      window.removeEventListener('scroll', schedule)
      window.removeEventListener('resize', schedule)
    }
  }, [element, count])
  return [setElement, step] as const
}

const INTEREST_EVENTS = [
  'scroll',
  'wheel',
  'pointermove',
  'pointerdown',
  'touchstart',
  'keydown',
] as const

/**
 * True once the customer shows an interest in what lies below: the element comes into the
 * viewport, or they scroll, point, touch or type anywhere. Until then, nothing below the fold
 * needs to load. Without IntersectionObserver only the interactions count.
 */
export function useWanted() {
  const [element, setElement] = useState<HTMLElement | null>(null)
  const [wanted, setWanted] = useState(false)
  useEffect(() => {
    if (!element || wanted) return
    const want = () => {
      setWanted(true)
    }
    const observer =
      typeof IntersectionObserver === 'function'
        ? new IntersectionObserver((entries) => {
            if (entries.some((e) => e.isIntersecting)) want()
          })
        : undefined
    observer?.observe(element)
    for (const type of INTEREST_EVENTS)
      window.addEventListener(type, want, { passive: true, once: true })
    return () => {
      observer?.disconnect()
      for (const type of INTEREST_EVENTS) window.removeEventListener(type, want)
    }
  }, [element, wanted])
  return [setElement, wanted] as const
}
