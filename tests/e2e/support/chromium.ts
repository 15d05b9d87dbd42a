import { existsSync } from 'node:fs'
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from 'playwright-core'

export const installHint =
  'Chromium not found: install it with `apt-get install -y chromium` (Debian) or set CHROMIUM_PATH to a Chromium binary.'

/** The system Chromium: CHROMIUM_PATH, else Debian's /usr/bin/chromium. */
export function chromiumPath(): string | undefined {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser']
  return candidates.find((p): p is string => !!p && existsSync(p))
}

/**
 * Headless Chromium as root on a machine without internet (its flags:
 * docs/product/operations.md#headless-chromium); Playwright gives every launch a fresh temporary
 * profile of its own.
 */
export async function launchChromium(): Promise<{ browser: Browser; close(): Promise<void> }> {
  const executablePath = chromiumPath()
  if (!executablePath) throw new Error(installHint)
  const browser = await chromium.launch({
    executablePath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  })
  return {
    browser,
    async close() {
      await browser.close()
    },
  }
}

/**
 * A new browser context whose platform authenticator (DevTools protocol
 * WebAuthn.addVirtualAuthenticator) verifies the user without a prompt, and its first page.
 */
export async function contextWithAuthenticator(
  browser: Browser,
  options: BrowserContextOptions = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext(options)
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('WebAuthn.enable', { enableUI: false })
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      ctap2Version: 'ctap2_1',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  })
  return { context, page }
}
