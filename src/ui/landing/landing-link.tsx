import { createContext, useContext, type ReactNode } from 'react'

/** Where the landing's links lead. */
export type LandingPath = '/' | '/app' | '/app/register'

export interface LandingLinkProps {
  to: LandingPath
  className?: string
  'aria-label'?: string
  children: ReactNode
}

/** A link that loads its page: the landing's own document has no router (decision 103). */
function pageLink({ to, children, ...rest }: LandingLinkProps): ReactNode {
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

export function LandingLink(props: LandingLinkProps) {
  return useContext(LandingLinkContext)(props)
}
