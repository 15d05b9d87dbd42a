import type { BenefitIcon } from './landing-content'

/** Each card's line drawing, in a 24-unit square. */
const PATHS: Record<BenefitIcon, string> = {
  coins:
    'M9 7a6 3 0 1 0 12 0A6 3 0 1 0 9 7m0 0v5c0 1.7 2.7 3 6 3s6-1.3 6-3V7M3 13a6 3 0 1 0 12 0M3 13v5c0 1.7 2.7 3 6 3s6-1.3 6-3v-5',
  globe:
    'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18m-9 9h18M12 3c2.5 2.6 3.8 5.6 3.8 9S14.5 18.4 12 21c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3',
  infinity:
    'M7 8.5C4.5 8.5 3 10 3 12s1.5 3.5 4 3.5c4 0 6-7 10-7 2.5 0 4 1.5 4 3.5s-1.5 3.5-4 3.5c-4 0-6-7-10-7',
  shield: 'M12 3 4.5 6v5.5c0 4.6 3.2 8.3 7.5 9.5 4.3-1.2 7.5-4.9 7.5-9.5V6zm-3.5 9 2.5 2.5 4.5-5',
  lock: 'M6 11h12v10H6zm2.5 0V8a3.5 3.5 0 0 1 7 0v3M12 15v2.5',
}

/**
 * A benefit card's icon as inline SVG. As a CSS image (a data: URL) each icon was an SVG document
 * of its own that Chromium built before the page's first frame, under the splash: five of them
 * put the first paint, and so the splash's end, about 200 ms later on a throttled phone
 * (docs/decisions/119-honest-performance-floors.md).
 */
export function BenefitIconMark({ icon }: { icon: BenefitIcon }) {
  return (
    <span className={`benefit-icon benefit-icon-${icon}`} aria-hidden="true">
      <svg viewBox="0 0 24 24" focusable="false">
        <path d={PATHS[icon]} />
      </svg>
    </span>
  )
}
