/**
 * What the live inspector (src/flows/live-inspector.ts) costs a customer's page while no flow
 * viewer listens (issue 26 item 6, decision 107). The SPA is built as it is and with the inspector
 * replaced by nothing (`inspect` undefined, no channel opened), then:
 * - bytes: gzip -9 of the JavaScript files Chromium loads for / and for /app/login;
 * - main-thread time: Chromium opens /, types an amount into the converter, opens /app/login and
 *   types an address and a password, ROUNDS times per build in alternation; the renderer's
 *   ScriptDuration and TaskDuration (DevTools Performance metrics), medians;
 * - the inspector's own share: a CPU profile (50 µs samples) of the same visits on an unminified
 *   build, the samples whose function is the inspector's.
 * `tsx scripts/measure-inspector.ts` (about three minutes here).
 */
import { mkdir, mkdtemp, readFile, readdir, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import type { BrowserContext, CDPSession } from 'playwright-core'
import { build, type Plugin } from 'vite'
import { prerendererDir } from '../server/http/prerendered-pages.ts'
import { loadConfig } from '../server/config.ts'
import { startServer } from '../server/server.ts'
import { launchChromium } from '../tests/e2e/support/chromium.ts'

process.env.NODE_ENV = 'production'
const root = fileURLToPath(new URL('..', import.meta.url))
const rounds = Number(process.env.ROUNDS ?? 12)
// Inside the repository: the prerenderer's bundle imports its packages from node_modules/.
await mkdir(join(root, 'node_modules/.cache'), { recursive: true })
const work = await mkdtemp(join(root, 'node_modules/.cache/measure-inspector-'))

/** The inspector's module replaced by one that does nothing: the build without it. */
const withoutInspector: Plugin = {
  name: 'without-inspector',
  enforce: 'pre',
  load(id) {
    if (!id.endsWith('/src/flows/live-inspector.ts')) return null
    return [
      'export const inspectFlows = undefined',
      'export function listenForFlowViewers() {}',
      'export function subscribeToLiveActors() { return () => {} }',
    ].join('\n')
  },
}

async function buildVariant(name: string, options: { inspector: boolean; minify: boolean }) {
  const outDir = join(work, name)
  const common = { configFile: join(root, 'vite.config.ts'), root, logLevel: 'warn' as const }
  await build({
    ...common,
    mode: 'production',
    plugins: options.inspector ? [] : [withoutInspector],
    build: { outDir, emptyOutDir: true, minify: options.minify },
  })
  await build({
    ...common,
    mode: 'production',
    build: { ssr: 'src/prerender-entry.tsx', outDir: prerendererDir(outDir), emptyOutDir: true },
  })
  const server = await startServer(
    loadConfig({
      NODE_ENV: 'test',
      PROVIDERS: 'sandbox',
      MAILBOX: '1',
      PORT: '0',
      DATA_DIR: join(work, `${name}-data`),
      LOG_LEVEL: 'silent',
    }),
    { spaDir: outDir },
  )
  return { name, outDir, server }
}

type Variant = Awaited<ReturnType<typeof buildVariant>>

/** The customer's visit: the converter on /, then the login form. */
async function visit(
  context: BrowserContext,
  variant: Variant,
  before?: (s: CDPSession) => Promise<unknown>,
) {
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await before?.(cdp)
  const scripts: string[] = []
  page.on('response', (response) => {
    const path = new URL(response.url()).pathname
    if (path.endsWith('.js')) scripts.push(path)
  })
  await page.goto(`${variant.server.url}/`)
  // The converter is below the fold: it loads once the page scrolls.
  await page.getByRole('heading', { level: 1 }).waitFor()
  await page.mouse.wheel(0, 400)
  await page.getByRole('contentinfo').waitFor()
  await page.getByText(/^1 [A-Z]+ = [0-9.]+ [A-Z]+$/).waitFor()
  await page.getByLabel('You send', { exact: true }).pressSequentially('1000', { delay: 40 })
  // The converter's 750 ms debounce, then its answer.
  await page.waitForTimeout(1500)
  const landingScripts = [...scripts]
  await page.goto(`${variant.server.url}/app/login`)
  await page.getByLabel('Email', { exact: true }).pressSequentially('anna@example.com')
  await page.getByLabel('Password', { exact: true }).pressSequentially('Correct-Horse-9')
  await page.waitForTimeout(300)
  return { page, cdp, landingScripts, loginScripts: scripts.slice(landingScripts.length) }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] ?? 0
const kib = (bytes: number) => `${(bytes / 1024).toFixed(2)} KiB`

const chromium = await launchChromium()
const variants: Variant[] = []
try {
  variants.push(await buildVariant('with', { inspector: true, minify: true }))
  variants.push(await buildVariant('without', { inspector: false, minify: true }))

  const gzipOf = async (variant: Variant, paths: string[]) => {
    let total = 0
    for (const path of new Set(paths))
      total += gzipSync(await readFile(join(variant.outDir, path)), { level: 9 }).length
    return total
  }
  const bytes: Record<string, { landing: number; login: number }> = {}
  const metrics: Record<string, { script: number[]; task: number[] }> = {}
  for (let round = 0; round < rounds; round++)
    for (const variant of round % 2 === 0 ? variants : [...variants].reverse()) {
      const context = await chromium.browser.newContext()
      const run = await visit(context, variant, (cdp) => cdp.send('Performance.enable'))
      const { metrics: list } = await run.cdp.send('Performance.getMetrics')
      const value = (name: string) => list.find((m) => m.name === name)?.value ?? 0
      const m = (metrics[variant.name] ??= { script: [], task: [] })
      m.script.push(value('ScriptDuration') * 1000)
      m.task.push(value('TaskDuration') * 1000)
      bytes[variant.name] ??= {
        landing: await gzipOf(variant, run.landingScripts),
        login: await gzipOf(variant, run.loginScripts),
      }
      await context.close()
    }

  // The inspector's own time: a profile of the unminified build, where its functions keep names.
  const profiled = await buildVariant('profiled', { inspector: true, minify: false })
  variants.push(profiled)
  const inspectorChunk = (
    await Promise.all(
      (await readdir(join(profiled.outDir, 'assets')))
        .filter((file) => file.endsWith('.js'))
        .map(async (file) => ({
          file,
          text: await readFile(join(profiled.outDir, 'assets', file), 'utf8'),
        })),
    )
  ).find((chunk) => chunk.text.includes('exchange-flow-viewer'))?.file
  const inspectorFunctions = new Set([
    'inspectFlows',
    'live',
    'jsonContext',
    'openChannel',
    'listenForFlowViewers',
  ])
  const own: number[] = []
  const total: number[] = []
  for (let round = 0; round < Math.max(3, rounds >> 2); round++) {
    const context = await chromium.browser.newContext()
    const run = await visit(context, profiled, async (cdp) => {
      await cdp.send('Profiler.enable')
      await cdp.send('Profiler.setSamplingInterval', { interval: 50 })
      await cdp.send('Profiler.start')
    })
    const { profile } = await run.cdp.send('Profiler.stop')
    const nodes = new Map(profile.nodes.map((node) => [node.id, node]))
    let ownUs = 0
    let busyUs = 0
    profile.samples?.forEach((id, i) => {
      const delta = profile.timeDeltas?.[i] ?? 0
      const frame = nodes.get(id)?.callFrame
      if (!frame || ['(idle)', '(program)', '(garbage collector)'].includes(frame.functionName))
        return
      busyUs += delta
      if (
        inspectorChunk &&
        frame.url.endsWith(inspectorChunk) &&
        inspectorFunctions.has(frame.functionName)
      )
        ownUs += delta
    })
    own.push(ownUs / 1000)
    total.push(busyUs / 1000)
    await context.close()
  }

  const w = bytes.with ?? { landing: 0, login: 0 }
  const wo = bytes.without ?? { landing: 0, login: 0 }
  console.log(`JavaScript loaded (gzip -9), with / without the inspector:`)
  console.log(`  /: ${kib(w.landing)} / ${kib(wo.landing)}: ${String(w.landing - wo.landing)} B`)
  console.log(`  /app/login: ${kib(w.login)} / ${kib(wo.login)}: ${String(w.login - wo.login)} B`)
  console.log(`Renderer main thread for the visit, medians of ${String(rounds)} visits each:`)
  for (const name of ['with', 'without'])
    console.log(
      `  ${name}: script ${median(metrics[name]?.script ?? []).toFixed(1)} ms, tasks ${median(metrics[name]?.task ?? []).toFixed(1)} ms`,
    )
  console.log(
    `The inspector's own functions (unminified build, ${String(own.length)} profiled visits): ` +
      `median ${median(own).toFixed(2)} ms of ${median(total).toFixed(0)} ms of JavaScript`,
  )
} finally {
  await chromium.close()
  for (const variant of variants) await variant.server.stop()
  await rm(work, { recursive: true, force: true })
}
