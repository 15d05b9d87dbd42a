import { useLingui } from '@lingui/react/macro'
import { LoadingScreen } from './loading-screen'

/** 'Loading...' on a public page, in the page's language (docs/product/languages.md). */
export function PublicLoadingScreen() {
  const { t } = useLingui()
  return <LoadingScreen text={t`Loading...`} />
}
