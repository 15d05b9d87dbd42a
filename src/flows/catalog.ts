/** Every machine of the app, for the flow viewer (this module is only loaded by the viewer). */
import type { AnyStateMachine } from 'xstate'

const modules = import.meta.glob<Record<string, unknown>>('../machines/**/*.machine.ts', {
  eager: true,
})

function isMachine(value: unknown): value is AnyStateMachine {
  return (
    typeof value === 'object' && value !== null && 'root' in value && 'implementations' in value
  )
}

export interface CatalogEntry {
  id: string
  file: string
  machine: AnyStateMachine
}

export const machineCatalog: CatalogEntry[] = Object.entries(modules)
  .flatMap(([file, module]) =>
    Object.values(module)
      .filter(isMachine)
      .map((machine) => ({ id: machine.id, file: file.replace('../', 'src/'), machine })),
  )
  .sort((a, b) => a.id.localeCompare(b.id))
