import { useLingui } from '@lingui/react/macro'
import { createContext, useContext, type ReactNode } from 'react'
import { isLocale, sourceLocale } from '../../../domain/locale'
import { pathInLocale } from '../../i18n/public-paths'

/** Where the landing's links lead. */
export type LandingPath = '/' | '/app' | '/app/register'

export interface LandingLinkProps {
  to: LandingPath
  className?: string
  'aria-label'?: string
  children: ReactNode
}

/** A link that loads its page: the landing's own document has no router (decision 103). */
function pageLink({
  to,
  children,
  ...rest
}: Omit<LandingLinkProps, 'to'> & { to: string }): ReactNode {
  return (
    <a href={to} {...rest}>
      {children}
    </a>
  )
}

/**
 * How the landing's links navigate: by loading the page, unless the SPA, which renders / as one
 * of its routes, provides its router's link.
 */
export const LandingLinkContext = createContext<(props: LandingLinkProps) => ReactNode>(pageLink)

/**
 * On another language's landing (a page of its own, never the SPA's route), the public pages it
 * links to are that language's (/pl/app/register); the signed-in area (/app) follows the
 * account's language wherever it is entered from.
 */
export function LandingLink(props: LandingLinkProps) {
  const { i18n } = useLingui()
  const navigate = useContext(LandingLinkContext)
  const locale = isLocale(i18n.locale) ? i18n.locale : sourceLocale
  if (locale === sourceLocale || props.to === '/app') return navigate(props)
  return pageLink({ ...props, to: pathInLocale(props.to, locale) })
}
