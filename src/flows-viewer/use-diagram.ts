import { useEffect, useState } from 'react'
import type { CatalogEntry } from '../flows/catalog'
import { stateDiagram } from '../flows/state-diagram'

async function renderDiagram(text: string, key: string): Promise<string> {
  // A chunk of its own, loaded once a diagram is asked for: the rest of the page shows meanwhile.
  const { default: mermaid } = await import('mermaid')
  mermaid.initialize({ startOnLoad: false, securityLevel: 'strict', theme: 'neutral' })
  return (await mermaid.render(`flow-${key}`, text)).svg
}

/** The Mermaid picture of the selected machine, drawn in the browser. */
export function useDiagram(entry: CatalogEntry | undefined) {
  const [diagram, setDiagram] = useState<{ key: string; svg?: string; error?: string }>()
  useEffect(() => {
    if (!entry) return
    let current = true
    renderDiagram(stateDiagram(entry.machine), entry.id).then(
      (svg) => {
        if (current) setDiagram({ key: entry.id, svg })
      },
      (error: unknown) => {
        if (current) setDiagram({ key: entry.id, error: String(error) })
      },
    )
    return () => {
      current = false
    }
  }, [entry])
  return diagram?.key === entry?.id ? diagram : undefined
}
