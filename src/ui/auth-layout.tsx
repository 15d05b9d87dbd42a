import { useLingui } from '@lingui/react/macro'
import { useRouterState } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { rememberLanguage } from '../i18n/language-hint'
import { localeOfPath, pathInLocale } from '../i18n/public-paths'
import { submitHandler } from './form-view'
import { LanguageOffer } from './language-offer'
import { Logo } from './logo'
import './auth.css'

/** The frame of every authentication screen: the logo (to /app) above a card. */
export function AuthLayout({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useLingui()
  const pathname = useRouterState({ select: (s) => s.location.pathname })
  return (
    <div className="auth-page">
      {/* The pages with a language switch offer Polish to a browser that prefers it (decision 117). */}
      {BILINGUAL.has(pathInLocale(pathname, 'en')) ? <LanguageOffer pathname={pathname} /> : null}
      <main className="auth-card" aria-labelledby="auth-title">
        <div className="auth-logo">
          <Logo label={t`Vistula Exchange — home`} />
        </div>
        <h1 id="auth-title" className="auth-title">
          {title}
        </h1>
        {children}
        {/* Last, so the page's own fields come first in the tab order. */}
        <LanguageSwitch />
      </main>
    </div>
  )
}

/** The pages that exist in both languages at addresses of their own (no one-time token in them). */
const BILINGUAL = new Set([
  '/app/login',
  '/app/register',
  '/app/register/success',
  '/app/forgot-password',
  '/app/set-new-password/success',
])

/**
 * The other language's page, as a plain link (docs/product/languages.md): 'Polski' on an English
 * page, 'English' on a Polish one. Each name is written in its own language, so it is no message.
 * Following it, the browser remembers the language (decision 117).
 */
function LanguageSwitch() {
  const pathname = useRouterState({ select: (s) => s.location.pathname })
  if (!BILINGUAL.has(pathInLocale(pathname, 'en'))) return null
  const other = localeOfPath(pathname) === 'pl' ? 'en' : 'pl'
  return (
    <p className="auth-language">
      <a
        href={pathInLocale(pathname, other)}
        hrefLang={other}
        lang={other}
        className="text-link"
        onClick={() => {
          rememberLanguage(other)
        }}
      >
        {other === 'pl' ? 'Polski' : 'English'}
      </a>
    </p>
  )
}

/**
 * An auth page's form. `method="dialog"`: a submit before a prerendered page has come alive
 * (decision 101) goes nowhere, where a plain form would put the fields (the password too) in the
 * address.
 */
export function AuthForm({ onSubmit, children }: { onSubmit: () => void; children: ReactNode }) {
  return (
    <form className="auth-form" method="dialog" noValidate onSubmit={submitHandler(onSubmit)}>
      {children}
    </form>
  )
}
