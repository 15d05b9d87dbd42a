/** Finds every statechart the app defines: the machines exported by the `*.machine.ts` files under src/machines. */
import { readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { AnyStateMachine } from 'xstate'

export async function machineFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => [])
  const nested = await Promise.all(
    entries.map((e) =>
      e.isDirectory()
        ? machineFiles(join(dir, e.name))
        : Promise.resolve(e.name.endsWith('.machine.ts') ? [join(dir, e.name)] : []),
    ),
  )
  return nested.flat().sort()
}

export function isMachine(value: unknown): value is AnyStateMachine {
  return (
    typeof value === 'object' &&
    value !== null &&
    'root' in value &&
    'config' in value &&
    'implementations' in value
  )
}

export interface LoadedMachine {
  machine: AnyStateMachine
  exportName: string
  path: string
}

export async function loadMachines(machinesDir: string): Promise<LoadedMachine[]> {
  const found: LoadedMachine[] = []
  for (const path of await machineFiles(machinesDir)) {
    const module = (await import(pathToFileURL(path).href)) as Record<string, unknown>
    for (const [exportName, value] of Object.entries(module))
      if (isMachine(value)) found.push({ machine: value, exportName, path })
  }
  return found
}
