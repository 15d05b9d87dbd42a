/**
 * The notice that offers the Polish page (src/ui/language-offer.tsx), in a chunk of its own: only
 * a browser that is offered it loads it. It speaks the language it offers, as the language switch
 * names each language in its own words: its texts are the `offer` catalog's, and an English page
 * carries the Polish one (a few dozen bytes), not the Polish public catalog (decision 117).
 */
import { setupI18n, type Messages } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { useLingui } from '@lingui/react/macro'
import { rememberLanguage } from '../i18n/language-hint'
import './language-offer.css'

const polish = Object.values(
  import.meta.glob<{ messages: Messages }>('../locales/pl/offer.po', { eager: true }),
)[0]?.messages
const offerInPolish = setupI18n({ locale: 'pl', messages: { pl: polish ?? {} } })

/** The offer, in Polish, of the Polish page at `href`. */
export default function LanguageOfferNotice(props: { href: string; onClose: () => void }) {
  return (
    <I18nProvider i18n={offerInPolish}>
      <Notice {...props} />
    </I18nProvider>
  )
}

function Notice({ href, onClose }: { href: string; onClose: () => void }) {
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
