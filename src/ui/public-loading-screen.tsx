import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { LoadingScreen } from './loading-screen'

/** 'Loading...', the public catalog's message (it also speaks before an account is known). */
export const LOADING = msg`Loading...`

/** 'Loading...' on a public page, in the page's language (docs/product/languages.md). */
export function PublicLoadingScreen() {
  const { t } = useLingui()
  return <LoadingScreen text={t(LOADING)} />
}
