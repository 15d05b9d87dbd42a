import { useState } from 'react'
import { readCoverageFile } from '../flows/coverage-overlay'
import type { CoverageFile, CoverageLevel } from '../flows/coverage-report'

/** A coverage report the user picked from disk (no server involved), and the level shown. */
export function useCoverageFile() {
  const [report, setReport] = useState<{ fileName: string; file: CoverageFile }>()
  const [error, setError] = useState<string>()
  const [level, setLevel] = useState<CoverageLevel>('machine')
  return {
    report,
    error,
    level,
    setLevel,
    load: (picked: File) => {
      picked
        .text()
        .then(readCoverageFile)
        .then(
          (file) => {
            setReport({ fileName: picked.name, file })
            setError(undefined)
          },
          (reason: unknown) => {
            setError(reason instanceof Error ? reason.message : String(reason))
          },
        )
    },
    hide: () => {
      setReport(undefined)
      setError(undefined)
    },
  }
}
