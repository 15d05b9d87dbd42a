/**
 * `npm run bench:web`: the pages' weight and speed, each beside a reference measured in the same
 * run (issues 16 and 31).
 *
 * 1. Builds the SPA into dist/ as `npm start` does (with its manifest and the public pages'
 *    prerenderer, decision 101) and, in the same run with the same Vite, a react-dom hello-world.
 * 2. JavaScript, gzip level 9 of the built files:
 *    - hydration: the entry, its static imports, and the landing route's chunk with its own
 *      static imports (from the build manifest): what must run before the landing is alive (its
 *      first paint is the prerendered HTML's, decision 101);
 *    - loaded without interaction: every script Chromium fetches for / until the network is idle,
 *      without scrolling or clicking, at 375×667 (phone) and 1440×900 (desktop).
 *    Each against the hello-world (goal ≤ 1.6) and the hard cap of 120 KiB; and the landing must
 *    load no customer-area chunk and nothing from another host.
 * 3. `/` observed, not simulated: the spec holds the landing behind a 750 ms splash, which
 *    Lighthouse's simulated throttling does not model. Real Chromium under DevTools throttling
 *    (CPU 4×, 150 ms latency, 1.6 Mbps down, 412×823, empty cache; scripts/observed-lcp.ts) loads
 *    the reference, a static page with the same 750 ms CSS splash and the same heading (made from
 *    the prerendered `/`: its stylesheet, splash and hero heading, nothing else), and `/`,
 *    alternately, BENCH_OBSERVED_RUNS times (5); the LCP of each is the browser's own
 *    largest-contentful-paint entry. Goal: median LCP ≤ 1.1 × the reference's.
 * 4. Lighthouse 12.8.2, default mobile settings (emulated phone, simulated slow 4G, 4× CPU), in
 *    Debian's Chromium, BENCH_RUNS runs each (3), the run with the median performance score
 *    reported: the react-dom hello-world served with gzip first, then / and /app/login against
 *    issue 16's goals, then the signed-in pages against issue 31's (performance ≥ 98, LCP ≤ 1.2 ×
 *    /app/login's): /app, /app/verification and /app/requests as a verified customer with one
 *    quote request, and the console's /ops/requests as a manager with an authenticator app (made
 *    with the operators' command line), each session in the origin's storage as the SPA keeps it.
 *    The server compresses its answers itself (@fastify/compress).
 *
 * Exits with 1 when a hard cap is broken; goals that are missed are reported, not fatal.
 */
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import react from '@vitejs/plugin-react'
import lighthouse from 'lighthouse'
import { chromium as playwright, type Page } from 'playwright-core'
import { build } from 'vite'
import { startAppServer, type AppServer } from '../tests/e2e/support/app-server.ts'
import { chromiumPath, installHint, launchChromium } from '../tests/e2e/support/chromium.ts'
import { buildSpa } from './build-spa.ts'
import { managerWithApp } from './bench-staff.ts'
import { observeLoad, throttling, type ObservedTimings } from './observed-lcp.ts'

const root = fileURLToPath(new URL('..', import.meta.url))
const dist = join(root, 'dist')
const KiB = 1024
const HARD_CAP = 120 * KiB
const RATIO_GOAL = 1.6
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_RUNS ?? 3)
const OBSERVED_RUNS = Number(process.env.BENCH_OBSERVED_RUNS ?? 5)
/** Issue 31: / paints its LCP within this of the static splash page's. */
const SPLASH_GOAL = 1.1

interface ManifestChunk {
  file: string
  src?: string
  isEntry?: boolean
  imports?: string[]
  dynamicImports?: string[]
}
type Manifest = Record<string, ManifestChunk>

const gzipSize = async (file: string) => gzipSync(await readFile(file), { level: 9 }).length
const kib = (bytes: number) => `${(bytes / KiB).toFixed(1)} KiB`

/** A chunk and everything it imports statically, as manifest keys. */
function staticClosure(manifest: Manifest, keys: string[]): Set<string> {
  const seen = new Set<string>()
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return
    seen.add(key)
    for (const next of manifest[key].imports ?? []) visit(next)
  }
  keys.forEach(visit)
  return seen
}

async function buildApp(): Promise<Manifest> {
  // The build the product serves (npm start's): the SPA with its manifest, and the prerenderer.
  buildSpa(root, { quiet: true })
  return JSON.parse(await readFile(join(dist, '.vite', 'manifest.json'), 'utf8')) as Manifest
}

const helloDir = join(root, 'node_modules/.cache/bench-web/hello')

async function buildHelloWorld(): Promise<number> {
  const dir = helloDir
  await rm(dir, { recursive: true, force: true })
  await mkdir(join(dir, 'src'), { recursive: true })
  await writeFile(
    join(dir, 'index.html'),
    '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>Hello</title></head>' +
      '<body><div id="root"></div><script type="module" src="/src/main.tsx"></script></body></html>\n',
  )
  await writeFile(
    join(dir, 'src/main.tsx'),
    "import { createRoot } from 'react-dom/client'\n" +
      "createRoot(document.getElementById('root') as HTMLElement).render(<h1>Hello, world</h1>)\n",
  )
  await build({
    root: dir,
    configFile: false,
    logLevel: 'warn',
    plugins: [react()],
    build: { outDir: join(dir, 'dist'), emptyOutDir: true, manifest: true },
  })
  const manifest = JSON.parse(
    await readFile(join(dir, 'dist/.vite/manifest.json'), 'utf8'),
  ) as Manifest
  let total = 0
  for (const key of staticClosure(manifest, ['index.html']))
    total += await gzipSize(join(dir, 'dist', manifest[key]?.file ?? ''))
  return total
}

/** Files of chunks that belong to the customer area (its routes and what only they import). */
function customerAreaFiles(manifest: Manifest, landing: Set<string>): Set<string> {
  const files = new Set<string>()
  for (const [key, chunk] of Object.entries(manifest)) {
    const isCustomer =
      key.startsWith('src/routes/app/') || /account|auth-layout|form-view/.test(key)
    if (isCustomer && !landing.has(key)) files.add(chunk.file)
  }
  return files
}

interface Loaded {
  scripts: string[]
  foreign: string[]
}

async function scriptsLoadedBy(url: string, viewport: { width: number; height: number }) {
  const chromium = await launchChromium()
  try {
    const context = await chromium.browser.newContext({ viewport })
    const page = await context.newPage()
    const loaded: Loaded = { scripts: [], foreign: [] }
    const origin = new URL(url).origin
    page.on('request', (request) => {
      const target = new URL(request.url())
      if (target.origin !== origin && !target.protocol.startsWith('data')) {
        loaded.foreign.push(request.url())
      } else if (request.resourceType() === 'script') {
        loaded.scripts.push(target.pathname.replace(/^\//, ''))
      }
    })
    await page.goto(url, { waitUntil: 'networkidle' })
    // The landing shows after its splash: let it settle and load what it loads on its own.
    await page.getByRole('heading', { level: 1 }).waitFor()
    await page.waitForLoadState('networkidle')
    await page.waitForTimeout(1500)
    await context.close()
    return loaded
  } finally {
    await chromium.close()
  }
}

interface LighthouseFigures {
  score: number
  fcp: number
  lcp: number
  tbt: number
  cls: number
  transferKiB: number
}

/**
 * Debian's Chromium with a DevTools port for Lighthouse, with the flags of
 * docs/product/operations.md#headless-chromium.
 */
async function startDebuggableChromium(): Promise<{ port: number; stop(): Promise<void> }> {
  const executable = chromiumPath()
  if (!executable) throw new Error(installHint)
  const profile = await mkdtemp(join(tmpdir(), 'bench-web-chromium-'))
  const child = spawn(
    executable,
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
      `--user-data-dir=${profile}`,
      '--remote-debugging-port=0',
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  )
  const port = await new Promise<number>((resolve, reject) => {
    let text = ''
    const timer = setTimeout(() => {
      reject(new Error(`Chromium did not open a DevTools port:\n${text}`))
    }, 30_000)
    child.stderr.on('data', (chunk: Buffer) => {
      text += chunk.toString()
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(text)
      if (match?.[1]) {
        clearTimeout(timer)
        resolve(Number(match[1]))
      }
    })
    child.once('exit', (code) => {
      reject(new Error(`Chromium exited (${String(code)}):\n${text}`))
    })
  })
  return {
    port,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r))
        child.kill('SIGTERM')
        await exited
      }
      await rm(profile, { recursive: true, force: true })
    },
  }
}

/**
 * One Lighthouse run; a run whose trace failed to record (it happens) is tried again, twice.
 * `signedIn`: the page is measured with the customer's stored session (Lighthouse keeps the
 * origin's storage; the HTTP cache is emptied before each run all the same).
 */
async function lighthouseRun(
  url: string,
  port: number,
  signedIn: SignedIn | null,
  attempt = 1,
): Promise<LighthouseFigures> {
  try {
    if (signedIn) await signedIn.prepare(new URL(url).origin)
    return await lighthouseOnce(url, port, signedIn !== null)
  } catch (error) {
    if (attempt >= 3) throw error
    console.log(`  (${url}: ${error instanceof Error ? error.message : String(error)}; again)`)
    return lighthouseRun(url, port, signedIn, attempt + 1)
  }
}

async function lighthouseOnce(
  url: string,
  port: number,
  keepStorage: boolean,
): Promise<LighthouseFigures> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    disableStorageReset: keepStorage,
  })
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`)
  const { lhr } = result
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`)
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcp: numeric('first-contentful-paint'),
    lcp: numeric('largest-contentful-paint'),
    tbt: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    transferKiB: numeric('total-byte-weight') / KiB,
  }
}

function median(runs: LighthouseFigures[]): LighthouseFigures {
  const sorted = [...runs].sort((a, b) => a.score - b.score || a.lcp - b.lcp)
  const middle = sorted[Math.floor(sorted.length / 2)]
  if (!middle) throw new Error('no Lighthouse run')
  return middle
}

const verdict = (ok: boolean) => (ok ? 'ok' : 'MISSED')

const benchPassword = 'Lantern-Orchard-Tulip-58'

interface SignedIn {
  /** Stores the session in the origin's localStorage and empties the HTTP cache. */
  prepare(origin: string): Promise<void>
  close(): Promise<void>
}

/**
 * A verified customer signed in (registered, confirmed through the local mailbox's link, logged
 * in) with one quote request, so that /app/requests shows a request.
 */
async function customerTokens(api: string): Promise<Tokens> {
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(api + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    })
  const email = 'bench-web@example.com'
  if ((await post('/api/auth/register', { email, password: benchPassword })).status !== 202)
    throw new Error('register failed')
  const messages = (await (await fetch(`${api}/dev/mailbox/messages`)).json()) as { text: string }[]
  const token = /\/app\/verify-email\/([\w-]+)/.exec(messages[0]?.text ?? '')?.[1] ?? ''
  if ((await fetch(`${api}/api/auth/verify-email?token=${token}`)).status !== 200)
    throw new Error('verify failed')
  const login = await post('/api/auth/login', { email, password: benchPassword })
  if (login.status !== 200) throw new Error(`login answered ${String(login.status)}`)
  const tokens = (await login.json()) as Tokens
  const request = await post(
    '/api/exchange-request',
    {
      fromCurrency: 'EUR',
      toCurrency: 'BTC',
      amount: 25000,
      name: 'Anna Kowalska',
      email,
      phone: '',
      country: 'PL',
      message: '',
    },
    { authorization: `Bearer ${tokens.accessToken}` },
  )
  if (request.status !== 201)
    throw new Error(`the quote request answered ${String(request.status)}`)
  return tokens
}

interface Tokens {
  accessToken: string
  refreshToken: string
}

/** Keeps `tokens` in the measured Chromium as the SPA does (`auth_session`). */
async function signedInAs(tokens: Tokens, devtoolsPort: number): Promise<SignedIn> {
  const browser = await playwright.connectOverCDP(`http://127.0.0.1:${String(devtoolsPort)}`)
  return {
    async prepare(origin) {
      const context = browser.contexts()[0]
      if (!context) throw new Error('the measured Chromium has no browser context')
      const page = await context.newPage()
      try {
        await page.goto(`${origin}/robots.txt`)
        await page.evaluate(
          ([key, session]) => {
            const storage = (
              globalThis as { localStorage?: { setItem(k: string, v: string): void } }
            ).localStorage
            storage?.setItem(key, session)
          },
          // The SPA's stored session (src/machines/auth/auth-session.ts; a DOM module, which this
          // Node script's types cannot import).
          [
            'auth_session',
            JSON.stringify({ token: tokens.accessToken, refreshToken: tokens.refreshToken }),
          ] as const,
        )
        const cdp = await context.newCDPSession(page)
        await cdp.send('Network.clearBrowserCache')
      } finally {
        await page.close()
      }
    },
    close: () => browser.close(),
  }
}

/** Serves a built directory with gzip (for the hello-world's Lighthouse reference). */
async function startStaticServer(dir: string): Promise<{ url: string; close(): Promise<void> }> {
  const types: Record<string, string> = {
    html: 'text/html; charset=utf-8',
    js: 'text/javascript; charset=utf-8',
    css: 'text/css; charset=utf-8',
    txt: 'text/plain; charset=utf-8',
  }
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0] ?? '/'
    const file = join(dir, path === '/' ? 'index.html' : path)
    readFile(file)
      .then((body) => {
        const type = types[file.split('.').pop() ?? ''] ?? 'application/octet-stream'
        const gzipped = gzipSync(body, { level: 6 })
        response.writeHead(200, {
          'content-type': type,
          'content-encoding': 'gzip',
          'content-length': String(gzipped.length),
        })
        response.end(gzipped)
      })
      .catch(() => {
        response.writeHead(404)
        response.end()
      })
  })
  return listen(server)
}

async function listen(server: Server): Promise<{ url: string; close(): Promise<void> }> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  if (!address || typeof address === 'string') throw new Error('the server has no port')
  return {
    url: `http://127.0.0.1:${String(address.port)}`,
    close: () =>
      new Promise((resolve) => {
        server.close(() => {
          resolve()
        })
      }),
  }
}

/**
 * The reference for `/` (issue 31): a static page with the landing's 750 ms CSS splash and the same
 * heading, and nothing else: the prerendered `/`'s own stylesheet (inline, as ours is), its splash
 * and its hero heading in the hero's containers. No script, no other section.
 */
function staticSplashPage(landingHtml: string): string {
  const style = /<style>[\s\S]*?<\/style>/.exec(landingHtml)?.[0]
  const splash = /<div class="loading-screen loading-screen-splash"[\s\S]*?<\/div>/.exec(
    landingHtml,
  )?.[0]
  const heading = /<h1[\s\S]*?<\/h1>/.exec(landingHtml)?.[0]
  if (!style || !splash || !heading)
    throw new Error('the prerendered / has no stylesheet, splash or heading')
  return (
    '<!doctype html><html lang="en"><head><meta charset="UTF-8" />' +
    '<meta name="viewport" content="width=device-width, initial-scale=1.0" />' +
    `<title>Splash</title>${style}</head><body><div id="root">${splash}` +
    '<div class="landing-under-splash"><div class="landing"><main><section class="hero">' +
    `<div class="landing-container hero-inner">${heading}</div></section></main></div></div>` +
    '</div></body></html>\n'
  )
}

const middle = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN

/**
 * `/` and the static splash page, observed in throttled Chromium, alternately (so a busy moment
 * of the machine falls on both); prints each run, the medians and the goal.
 */
async function observeLanding(landingHtml: string, base: string): Promise<void> {
  const dir = join(root, 'node_modules/.cache/bench-web/splash')
  await mkdir(dir, { recursive: true })
  await writeFile(join(dir, 'index.html'), staticSplashPage(landingHtml))
  // What observeLoad opens first on each origin, to start its renderer before the measured load.
  await writeFile(join(dir, 'robots.txt'), 'User-agent: *\nAllow: /\n')
  const reference = await startStaticServer(dir)
  const chromium = await launchChromium()
  const heading = (page: Page) => page.getByRole('heading', { level: 1 }).waitFor()
  const runs: { reference: ObservedTimings[]; landing: ObservedTimings[] } = {
    reference: [],
    landing: [],
  }
  try {
    console.log(
      `/ observed in Chromium, DevTools throttling (CPU ${String(throttling.cpuSlowdown)}×, ` +
        `${String(throttling.latencyMs)} ms latency, 1.6 Mbps down, ` +
        `${String(throttling.viewport.width)}×${String(throttling.viewport.height)}, empty cache); ` +
        `${String(OBSERVED_RUNS)} runs each, alternating:`,
    )
    for (let i = 0; i < OBSERVED_RUNS; i++) {
      runs.reference.push(await observeLoad(chromium.browser, `${reference.url}/`, heading))
      runs.landing.push(await observeLoad(chromium.browser, `${base}/`, heading))
      const [r, l] = [runs.reference[i], runs.landing[i]]
      console.log(
        `  run ${String(i + 1)}: static splash page FCP ${r?.fcp.toFixed(0) ?? '?'} ms, LCP ${r?.lcp.toFixed(0) ?? '?'} ms` +
          ` | / FCP ${l?.fcp.toFixed(0) ?? '?'} ms, LCP ${l?.lcp.toFixed(0) ?? '?'} ms (${l?.lcpElement ?? ''})`,
      )
    }
  } finally {
    await chromium.close()
    await reference.close()
  }
  const lcp = {
    reference: middle(runs.reference.map((r) => r.lcp)),
    landing: middle(runs.landing.map((r) => r.lcp)),
  }
  const fcp = {
    reference: middle(runs.reference.map((r) => r.fcp)),
    landing: middle(runs.landing.map((r) => r.fcp)),
  }
  const ratio = lcp.landing / lcp.reference
  console.log(
    `  reference: the static splash page  FCP ${fcp.reference.toFixed(0)} ms  LCP ${lcp.reference.toFixed(0)} ms (medians)`,
  )
  console.log(
    `  /                                  FCP ${fcp.landing.toFixed(0)} ms  LCP ${lcp.landing.toFixed(0)} ms (medians)`,
  )
  console.log(
    `  / LCP ${ratio.toFixed(2)} × the static splash page's (goal ≤ ${String(SPLASH_GOAL)}: ${verdict(ratio <= SPLASH_GOAL)})`,
  )
}

async function main() {
  if (!chromiumPath()) throw new Error(installHint)
  console.log('bench:web — building the SPA and a react-dom hello-world …')
  const manifest = await buildApp()
  const helloBytes = await buildHelloWorld()

  // / is the landing's own document (decision 103): its entry, and the landing's chunk that it
  // loads before hydrating.
  const landingKey = 'src/routes/-landing/landing.tsx'
  if (!manifest[landingKey] || !manifest['landing.html'])
    throw new Error('the build has no landing document or no chunk for the landing page')
  const firstRender = staticClosure(manifest, ['landing.html', landingKey])
  let firstRenderBytes = 0
  for (const key of firstRender)
    firstRenderBytes += await gzipSize(join(dist, manifest[key]?.file ?? ''))
  const customerFiles = customerAreaFiles(manifest, firstRender)

  let server: AppServer | undefined
  let chromium: { port: number; stop(): Promise<void> } | undefined
  let helloServer: { url: string; close(): Promise<void> } | undefined
  let customer: SignedIn | undefined
  let manager: SignedIn | undefined
  let capBroken = false
  try {
    server = await startAppServer()
    const base = server.url
    const res = await fetch(`${base}/`)
    const landingHtml = await res.clone().text()
    const compressed = (
      await fetch(`${base}/assets/${manifest['index.html']?.file.replace('assets/', '') ?? ''}`, {
        headers: { 'accept-encoding': 'gzip, br' },
      })
    ).headers.get('content-encoding')
    if (!res.ok) throw new Error(`GET / answered ${String(res.status)}`)

    console.log('')
    console.log(`react-dom hello-world (gzip): ${kib(helloBytes)}`)
    // Prerendered (decision 101): the HTML paints before any script has run.
    const prerendered = !landingHtml.includes('<div id="root"></div>')
    console.log(
      `first paint of / needs JavaScript: ${prerendered ? 'no, the HTML is prerendered' : 'yes'} (goal: no: ${verdict(prerendered)})`,
    )
    const rows: [string, number][] = [
      ['hydration (landing entry + landing chunk)', firstRenderBytes],
    ]
    const foreign: string[] = []
    const customerLoaded: string[] = []
    for (const [name, viewport] of [
      ['loaded without interaction, 375×667', { width: 375, height: 667 }],
      ['loaded without interaction, 1440×900', { width: 1440, height: 900 }],
    ] as const) {
      const loaded = await scriptsLoadedBy(`${base}/`, viewport)
      let bytes = 0
      for (const file of new Set(loaded.scripts)) {
        if (existsSync(join(dist, file))) bytes += await gzipSize(join(dist, file))
        if (customerFiles.has(file)) customerLoaded.push(file)
      }
      foreign.push(...loaded.foreign)
      rows.push([name, bytes])
      if (process.env.BENCH_VERBOSE)
        for (const file of new Set(loaded.scripts))
          console.log(`    ${name}: ${file} ${kib(await gzipSize(join(dist, file)))}`)
    }
    console.log('landing page JavaScript (gzip -9 of the built files):')
    for (const [name, bytes] of rows) {
      const ratio = bytes / helloBytes
      const overCap = bytes > HARD_CAP
      capBroken ||= overCap
      console.log(
        `  ${name.padEnd(44)} ${kib(bytes).padStart(10)}  ratio ${ratio.toFixed(2)} (goal ≤ ${String(RATIO_GOAL)}: ${verdict(ratio <= RATIO_GOAL)})  cap 120 KiB: ${overCap ? 'BROKEN' : 'ok'}`,
      )
    }
    console.log(
      `  customer-area chunks loaded by /: ${customerLoaded.length ? customerLoaded.join(', ') : 'none'}`,
    )
    console.log(`  requests to other hosts from /: ${foreign.length ? foreign.join(', ') : 'none'}`)
    console.log(`  server compresses JavaScript: ${compressed ?? 'no'}`)
    capBroken ||= customerLoaded.length > 0 || foreign.length > 0

    console.log('')
    await observeLanding(landingHtml, base)

    console.log('')
    chromium = await startDebuggableChromium()
    helloServer = await startStaticServer(join(helloDir, 'dist'))
    if (LIGHTHOUSE_RUNS > 0) {
      customer = await signedInAs(await customerTokens(base), chromium.port)
      manager = await signedInAs(
        await managerWithApp(base, server.settings, 'bench-desk@example.com', benchPassword),
        chromium.port,
      )
      const measure = async (path: string, session: SignedIn | null, origin = base) => {
        const runs: LighthouseFigures[] = []
        for (let i = 0; i < LIGHTHOUSE_RUNS; i++)
          runs.push(await lighthouseRun(`${origin}${path}`, chromium?.port ?? 0, session))
        return { ...median(runs), scores: runs.map((r) => r.score) }
      }
      const line = (path: string, m: LighthouseFigures & { scores: number[] }, goals: string) =>
        `  ${path.padEnd(30)} performance ${String(m.score).padStart(3)}` +
        `  FCP ${(m.fcp / 1000).toFixed(2)} s  LCP ${(m.lcp / 1000).toFixed(2)} s` +
        `  TBT ${m.tbt.toFixed(0)} ms  CLS ${m.cls.toFixed(3)}  transfer ${m.transferKiB.toFixed(0)} KiB` +
        `  [scores: ${m.scores.join(', ')}]${goals ? `\n  ${''.padEnd(30)} ${goals}` : ''}`
      const runsText = `${String(LIGHTHOUSE_RUNS)} runs each, median run by score`
      console.log(
        `Lighthouse 12.8.2, mobile (default settings, simulated throttling); ${runsText}:`,
      )
      // The floor first: the LCP goals of /app/login are relative to the hello-world's.
      const floor = await measure('/', null, helloServer.url)
      console.log('reference: the react-dom hello-world, gzip')
      console.log(line('/', floor, ''))
      const ratioTo = (lcp: number, reference: number) => (lcp / reference).toFixed(2)
      const landing = await measure('/', null)
      console.log(
        line(
          '/',
          landing,
          `goal: performance 100 (${verdict(landing.score >= 100)}); LCP ${ratioTo(landing.lcp, floor.lcp)} × the hello-world's (reference only: simulated throttling ignores the splash, see the observed figures above)`,
        ),
      )
      const login = await measure('/app/login', null)
      console.log(
        line(
          '/app/login',
          login,
          `goals: performance ≥ 98 (${verdict(login.score >= 98)}), LCP ${ratioTo(login.lcp, floor.lcp)} × the hello-world's (goal ≤ 1.0: ${verdict(login.lcp <= floor.lcp)}), TBT ≤ 100 ms (${verdict(login.tbt <= 100)})`,
        ),
      )
      console.log(
        "signed in, the page with its data (goals: performance ≥ 98, LCP ≤ 1.2 × /app/login's)",
      )
      for (const [path, session] of [
        ['/app', customer],
        ['/app/verification', customer],
        ['/app/requests', customer],
        ['/ops/requests', manager],
      ] as const) {
        const page = await measure(path, session)
        const ratio = page.lcp / login.lcp
        console.log(
          line(
            path,
            page,
            `performance ${verdict(page.score >= 98)}, LCP ${ratio.toFixed(2)} × /app/login's (${verdict(ratio <= 1.2)})`,
          ),
        )
      }
    }
  } finally {
    await customer?.close()
    await manager?.close()
    await helloServer?.close()
    await chromium?.stop()
    await server?.stop()
  }
  if (capBroken) {
    console.error('\nbench:web: a hard limit is broken (see above)')
    process.exitCode = 1
  }
}

await main()
