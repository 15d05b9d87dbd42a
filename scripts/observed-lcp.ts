/**
 * Observed page timings in real Chromium under DevTools throttling (issue 31): the figures for
 * pages whose LCP the spec delays (the landing's 750 ms splash), which Lighthouse's simulated
 * throttling does not model. Used by `npm run bench:web`.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core'

/** The profile: Lighthouse's slow 4G and mid-tier phone, applied for real by DevTools. */
export const throttling = {
  cpuSlowdown: 4,
  latencyMs: 150,
  downloadBytesPerSecond: (1.6 * 1024 * 1024) / 8,
  uploadBytesPerSecond: (750 * 1024) / 8,
  viewport: { width: 412, height: 823 },
} as const

export interface ObservedTimings {
  fcp: number
  lcp: number
  /** What the last LCP candidate was: its tag and the start of its text. */
  lcpElement: string
  /** Every request the page made until it settled: path, start and end (ms from navigation). */
  requests: { path: string; start: number; end: number; bytes: number }[]
}

/**
 * Records the page's paint entries as they come, read once the page has settled. Browser code, as
 * text: this Node script's types have no DOM.
 */
const paintObserver = `
  globalThis.__paints = { fcp: NaN, lcp: NaN, element: '' }
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      globalThis.__paints.lcp = entry.startTime
      const el = entry.element
      globalThis.__paints.element = el ? el.tagName.toLowerCase() + ' "' + (el.textContent || '').slice(0, 40) + '"' : '?'
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true })
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      if (entry.name === 'first-contentful-paint') globalThis.__paints.fcp = entry.startTime
  }).observe({ type: 'paint', buffered: true })
`

/**
 * One cold load of `url` in a fresh context (empty cache), throttled, until `ready` resolves on
 * the page (what the user waits for), and 1.5 s more for a later, larger paint to show. (Not until
 * the network is idle: the request pages keep a live stream open.) `prepare` may store a session
 * in the origin's storage first; it runs unthrottled.
 */
export async function observeLoad(
  browser: Browser,
  url: string,
  ready: (page: Page) => Promise<unknown>,
  prepare?: (context: BrowserContext, page: Page) => Promise<void>,
): Promise<ObservedTimings> {
  const context = await browser.newContext({ viewport: throttling.viewport })
  try {
    const page = await context.newPage()
    // The origin's renderer process is started before the measured load, not during it: a
    // process start under a 4× slower CPU made first paints vary by ±200 ms between runs.
    await page.goto(new URL('/robots.txt', url).href)
    if (prepare) await prepare(context, page)
    await page.addInitScript({ content: paintObserver })
    const cdp = await context.newCDPSession(page)
    await cdp.send('Network.enable')
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true })
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: throttling.latencyMs,
      downloadThroughput: throttling.downloadBytesPerSecond,
      uploadThroughput: throttling.uploadBytesPerSecond,
    })
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttling.cpuSlowdown })
    const starts = new Map<string, { path: string; start: number }>()
    const requests: ObservedTimings['requests'] = []
    let origin = 0
    cdp.on(
      'Network.requestWillBeSent',
      (e: { requestId: string; request: { url: string }; timestamp: number }) => {
        if (!origin) origin = e.timestamp
        if (!e.request.url.startsWith('http')) return
        starts.set(e.requestId, {
          path: new URL(e.request.url).pathname,
          start: (e.timestamp - origin) * 1000,
        })
      },
    )
    cdp.on(
      'Network.loadingFinished',
      (e: { requestId: string; timestamp: number; encodedDataLength: number }) => {
        const s = starts.get(e.requestId)
        if (s)
          requests.push({ ...s, end: (e.timestamp - origin) * 1000, bytes: e.encodedDataLength })
      },
    )
    await page.goto(url, { waitUntil: 'commit' })
    await ready(page)
    await page.waitForTimeout(1500)
    const paints = (await page.evaluate('globalThis.__paints')) as {
      fcp: number
      lcp: number
      element: string
    }
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 })
    return {
      fcp: paints.fcp,
      lcp: paints.lcp,
      lcpElement: paints.element,
      requests: requests.sort((a, b) => a.start - b.start),
    }
  } finally {
    await context.close()
  }
}
