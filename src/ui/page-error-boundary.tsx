import { Component, type ReactNode } from 'react'
import { ErrorPage, errorPageStatusOf } from './error-page'

/**
 * What the router's error component is to its routes, for a page rendered without the router (the
 * landing's own document): an error while rendering shows the application error page
 * (docs/product/errors.md#application-errors).
 */
export class PageErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: null }

  static getDerivedStateFromError(error: unknown): { error: unknown } {
    return { error }
  }

  override render(): ReactNode {
    return this.state.error === null ? (
      this.props.children
    ) : (
      <ErrorPage status={errorPageStatusOf(this.state.error)} />
    )
  }
}
