import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser } from 'playwright-core'
import { startAppServer, type AppServer } from './support/app-server'
import { launchChromium } from './support/chromium'
import { linkFromMailbox, type MailboxMessage } from './support/mailbox'

/**
 * Issue 30's journey (docs/product/languages.md): a visitor opens /pl, reads the Polish landing
 * with Polish figures, registers there, gets the verification e-mail in Polish, signs in to the
 * customer area in Polish, switches to English in the profile, and the next e-mail is English.
 */
describe('a Polish customer in Chromium against the real server', () => {
  let server: AppServer | undefined
  let chromium: { browser: Browser; close(): Promise<void> } | undefined

  beforeAll(async () => {
    ;[server, chromium] = await Promise.all([startAppServer(), launchChromium()])
  })
  afterAll(async () => {
    await chromium?.close()
    await server?.stop()
  })
  const start = () => {
    if (!server || !chromium) throw new Error('the server or Chromium did not start')
    return { url: server.url, browser: chromium.browser }
  }
  const mailTo = async (url: string, email: string): Promise<MailboxMessage[]> => {
    const all = (await (await fetch(`${url}/dev/mailbox/messages`)).json()) as MailboxMessage[]
    return all.filter((m) => m.to === email)
  }

  it('registers on /pl, reads Polish pages and e-mails, and switches to English', async () => {
    const { url, browser } = start()
    const email = `ola.${String(Date.now())}@example.com`
    const password = 'Lantern-Orchard-Tulip-58'
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } })
    const page = await context.newPage()

    // The Polish landing, its converter writing the rate the Polish way (decimal comma).
    await page.goto(`${url}/pl`)
    await page
      .getByRole('heading', { level: 1, name: /Wymieniaj kryptowaluty w pełnej zgodzie z prawem/ })
      .waitFor()
    expect(await page.locator('html').getAttribute('lang')).toBe('pl')
    // The converter is below the fold; its rate line as written (Playwright's text matching
    // would fold the no-break space).
    await page.mouse.wheel(0, 400)
    const rate = page.locator('.converter-rate')
    await expect
      .poll(() => rate.textContent())
      .toMatch(/^1 BTC = [1-9][0-9]{0,2}(\u00a0[0-9]{3})*,[0-9]{2} EUR$/)

    // Registration from the Polish page.
    await page.getByRole('link', { name: 'Zarejestruj się' }).first().click()
    await page.waitForURL(`${url}/pl/app/register`)
    await page.getByLabel('E-mail', { exact: true }).fill(email)
    // A password the server refuses: its reason comes in Polish (Accept-Language), at the field.
    await page.getByLabel('Hasło', { exact: true }).fill('123456')
    await page.getByLabel('Akceptuję Regulamin i Politykę prywatności').check()
    await page.getByRole('button', { name: 'Zarejestruj się' }).click()
    await page.getByText('Zbyt popularne: łatwe do odgadnięcia').waitFor()
    await page.getByLabel('Hasło', { exact: true }).fill(password)
    await page.getByRole('button', { name: 'Zarejestruj się' }).click()
    await page.getByRole('heading', { name: 'Rejestracja zakończona' }).waitFor()

    // The verification e-mail is Polish and links to the Polish page.
    const verifyLink = await linkFromMailbox(url, email, '/pl/app/verify-email/')
    const [verifyMail] = await mailTo(url, email)
    expect(verifyMail?.subject).toBe('Potwierdź swój adres e-mail — Vistula Exchange')
    await page.goto(verifyLink)
    await page.getByRole('heading', { name: 'Adres e-mail został potwierdzony' }).waitFor()
    await page.getByRole('link', { name: 'Do logowania' }).click()
    await page.waitForURL(`${url}/pl/app/login`)

    // Signed in, the customer area speaks the account's language.
    await page.getByLabel('E-mail', { exact: true }).fill(email)
    await page.getByLabel('Hasło', { exact: true }).fill(password)
    await page.getByRole('button', { name: 'Zaloguj się' }).click()
    await page.waitForURL(`${url}/app`)
    await page.getByRole('heading', { level: 1, name: 'Witaj' }).waitFor()
    expect(await page.locator('html').getAttribute('lang')).toBe('pl')

    // The profile: Language → English, Update; the app turns English without a reload.
    await page.getByRole('link', { name: 'Profil' }).click()
    await page.getByLabel('Język').selectOption('en')
    await page.getByRole('button', { name: 'Zaktualizuj' }).click()
    await page.getByText('Profile was updated').waitFor()
    expect(await page.locator('html').getAttribute('lang')).toBe('en')

    // The next e-mail is English.
    const reset = await fetch(`${url}/api/auth/reset-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email }),
    })
    expect(reset.status).toBe(200)
    const resetLink = await linkFromMailbox(url, email, '/app/set-new-password/')
    expect(new URL(resetLink).pathname.startsWith('/app/set-new-password/')).toBe(true)
    const [resetMail] = await mailTo(url, email)
    expect(resetMail?.subject).toBe('Reset your password — Vistula Exchange')
    await context.close()
  })
})
