import { useEffect, useState } from 'react'

/** `?flow=<machine id>` picks a machine, `&mode=play` opens it in play mode (links in docs/flows/). */
export interface FlowsSearch {
  flow?: string
  mode?: 'play'
}

function readSearch(search: string): FlowsSearch {
  const params = new URLSearchParams(search)
  const flow = params.get('flow')
  return {
    ...(flow !== null ? { flow } : {}),
    ...(params.get('mode') === 'play' ? { mode: 'play' as const } : {}),
  }
}

/**
 * The viewer's address: what it shows is in the query, each choice a history entry, so Back and a
 * copied link bring the same view. The page is a document of its own: no router is needed.
 */
export function useFlowsSearch(): [FlowsSearch, (next: FlowsSearch) => void] {
  const [search, setSearch] = useState(() => readSearch(window.location.search))
  useEffect(() => {
    const onPopState = () => {
      setSearch(readSearch(window.location.search))
    }
    window.addEventListener('popstate', onPopState)
    return () => {
      window.removeEventListener('popstate', onPopState)
    }
  }, [])
  const navigate = (next: FlowsSearch) => {
    const query = new URLSearchParams(
      Object.entries(next).filter((entry): entry is [string, string] => entry[1] !== undefined),
    ).toString()
    window.history.pushState(null, '', `${window.location.pathname}${query ? `?${query}` : ''}`)
    setSearch(next)
  }
  return [search, navigate]
}
