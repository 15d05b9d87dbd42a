import { defineConfig } from '@lingui/cli'
import { formatter } from '@lingui/format-po'

/**
 * The message catalogs (docs/product/languages.md, decision 116): English is the source, Polish
 * its translation; one catalog per area, so a page loads only its own area's messages in its own
 * language. A file's messages go to the catalog whose `include` holds it.
 */
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'pl'],
  format: formatter({ lineNumbers: false, origins: true }),
  // The macros compile to these, so a view renders English without a provider (tests, the SPA
  // before its catalog is here in development) and the translated text with one.
  runtimeConfigModule: {
    i18n: ['@lingui/core', 'i18n'],
    Trans: ['#i18n/runtime', 'Trans'],
    useLingui: ['#i18n/runtime', 'useLingui'],
  },
  catalogs: [
    {
      // The landing page: all its document loads (decision 103), so it holds nothing else.
      path: '<rootDir>/src/locales/{locale}/landing',
      include: [
        '<rootDir>/src/ui/landing/',
        '<rootDir>/src/routes/-landing/',
        '<rootDir>/src/landing-document.tsx',
        '<rootDir>/src/ui/document-head.ts',
      ],
    },
    {
      // The public sign-in, registration and reset pages, 'Page not found', the error page.
      path: '<rootDir>/src/locales/{locale}/public',
      include: [
        '<rootDir>/src/ui/document-head.ts',
        '<rootDir>/src/ui/login-page.tsx',
        '<rootDir>/src/ui/register-page.tsx',
        '<rootDir>/src/ui/register-success-page.tsx',
        '<rootDir>/src/ui/forgot-password-page.tsx',
        '<rootDir>/src/ui/set-new-password-page.tsx',
        '<rootDir>/src/ui/verify-email-page.tsx',
        '<rootDir>/src/ui/second-factor-page.tsx',
        '<rootDir>/src/ui/second-factor-texts.ts',
        '<rootDir>/src/ui/end-session-page.tsx',
        '<rootDir>/src/ui/not-found-page.tsx',
        '<rootDir>/src/ui/error-page.tsx',
        '<rootDir>/src/ui/auth-layout.tsx',
        '<rootDir>/src/ui/field-messages.ts',
        '<rootDir>/src/ui/public-loading-screen.tsx',
        '<rootDir>/src/routes/-public/',
        '<rootDir>/src/routes/pl/',
      ],
    },
    {
      // The signed-in customer's area.
      path: '<rootDir>/src/locales/{locale}/account',
      include: [
        '<rootDir>/src/ui/account/',
        '<rootDir>/src/ui/account-layout.tsx',
        '<rootDir>/src/routes/app/',
      ],
    },
    {
      // The staff console.
      path: '<rootDir>/src/locales/{locale}/ops',
      include: ['<rootDir>/src/ui/ops/', '<rootDir>/src/routes/ops/'],
    },
    {
      // The offer of a page in its visitor's language, written in the language it offers: an
      // English page carries the Polish one alone (decision 117).
      path: '<rootDir>/src/locales/{locale}/offer',
      include: ['<rootDir>/src/ui/language-offer-notice.tsx'],
    },
    {
      // The server's e-mails: written without macros (the server runs under tsx), as
      // `i18n._({ id, message })` descriptors the extractor reads.
      path: '<rootDir>/src/locales/{locale}/mail',
      include: ['<rootDir>/server/mail/'],
    },
    {
      // The texts of the API's problems (`detail`, a weak password's reason), in the language the
      // caller accepts: written as descriptors after an `i18n` comment (server/i18n/problem-text.ts).
      path: '<rootDir>/src/locales/{locale}/problems',
      include: ['<rootDir>/server/'],
      exclude: ['<rootDir>/server/mail/**'],
    },
  ],
})
