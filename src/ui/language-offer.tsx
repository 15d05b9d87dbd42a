/**
 * The offer of the Polish page on an English one (docs/product/languages.md#the-browsers-language,
 * decision 117): a visitor whose browser prefers Polish is told, once, that the page exists in
 * Polish, with a plain link to it. Never a redirect, and never in the prerendered page: it is
 * decided in the browser after the page has come alive. The notice itself is a chunk of its own
 * (src/ui/language-offer-notice.tsx), loaded only when it is offered.
 */
import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react'
import {
  browserLanguages,
  markPolishOffered,
  rememberLanguage,
  shouldOfferPolish,
} from '../i18n/language-hint'
import { localeOfPath, pathInLocale } from '../i18n/public-paths'

const LanguageOfferNotice = lazy(() => import('./language-offer-notice'))

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
    <Suspense fallback={null}>
      <LanguageOfferNotice
        href={pathInLocale(pathname, 'pl')}
        onClose={() => {
          setClosed(true)
        }}
      />
    </Suspense>
  )
}
