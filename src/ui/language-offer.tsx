/**
 * The offer of the Polish page on an English one (docs/product/languages.md#the-browsers-language,
 * decision 117): a visitor whose browser prefers Polish is told, once, that the page exists in
 * Polish, with a plain link to it. Never a redirect, and never in the prerendered page: it is
 * decided in the browser after the page has come alive.
 *
 * The offer speaks the language it offers, as the language switch names each language in its own
 * words: its texts are the `offer` catalog's, and an English page carries the Polish one (a few
 * dozen bytes), not the Polish public catalog.
 */
import { setupI18n, type Messages } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { useLingui } from '@lingui/react/macro'
import { useEffect, useState, useSyncExternalStore } from 'react'
import {
  browserLanguages,
  markPolishOffered,
  rememberLanguage,
  shouldOfferPolish,
} from '../i18n/language-hint'
import { localeOfPath, pathInLocale } from '../i18n/public-paths'
import './language-offer.css'

const polish = Object.values(
  import.meta.glob<{ messages: Messages }>('../locales/pl/offer.po', { eager: true }),
)[0]?.messages
const offerInPolish = setupI18n({ locale: 'pl', messages: { pl: polish ?? {} } })

const noChanges = () => () => undefined

/** Whether the English page at `pathname` makes the offer, decided once, when first asked. */
function offerDecision(pathname: string): () => boolean {
  let open: boolean | undefined
  return () => (open ??= localeOfPath(pathname) === 'en' && shouldOfferPolish(browserLanguages()))
}

/**
 * On the English page at `pathname`, the offer of its Polish page, when the browser prefers Polish
 * and it was never made; on a Polish page, the browser remembers Polish.
 */
export function LanguageOffer({ pathname }: { pathname: string }) {
  const [decide] = useState(() => offerDecision(pathname))
  // Never in the prerendered page nor while it is hydrated; in the browser, once alive.
  const offered = useSyncExternalStore(noChanges, decide, () => false)
  const [closed, setClosed] = useState(false)
  useEffect(() => {
    if (localeOfPath(pathname) === 'pl') rememberLanguage('pl')
  }, [pathname])
  // Made once: shown now, it is never shown again, whatever the visitor does with it.
  useEffect(() => {
    if (offered) markPolishOffered()
  }, [offered])
  if (!offered || closed) return null
  return (
    <I18nProvider i18n={offerInPolish}>
      <Offer
        href={pathInLocale(pathname, 'pl')}
        onClose={() => {
          setClosed(true)
        }}
      />
    </I18nProvider>
  )
}

function Offer({ href, onClose }: { href: string; onClose: () => void }) {
  const { t, i18n } = useLingui()
  return (
    <aside
      className="language-offer"
      lang={i18n.locale}
      aria-label={t({
        message: 'English version',
        comment: 'Offered in the language it names: each catalog names its own language.',
      })}
    >
      <p className="language-offer-text">
        {t({
          message: 'This page is available in English.',
          comment: 'Offered in the language it names: each catalog names its own language.',
        })}{' '}
        <a
          href={href}
          hrefLang={i18n.locale}
          onClick={() => {
            rememberLanguage('pl')
          }}
        >
          {t({
            message: 'Go to the English page',
            comment: 'Offered in the language it names: each catalog names its own language.',
          })}
        </a>
      </p>
      <button type="button" className="language-offer-close" onClick={onClose}>
        <span aria-hidden="true">×</span>
        <span className="visually-hidden">{t`Close`}</span>
      </button>
    </aside>
  )
}
