/**
 * `<html lang>` says the language an area shows (docs/product/languages.md): it follows the
 * area's i18n as it switches, and leaving the area gives the SPA back to English.
 */
import type { I18n } from '@lingui/core'
import { useEffect } from 'react'
import { sourceLocale } from '../../domain/locale'

export function useHtmlLang(i18n: I18n): void {
  useEffect(() => {
    const apply = () => {
      document.documentElement.lang = i18n.locale
    }
    apply()
    const off = i18n.on('change', apply)
    return () => {
      off()
      document.documentElement.lang = sourceLocale
    }
  }, [i18n])
}
