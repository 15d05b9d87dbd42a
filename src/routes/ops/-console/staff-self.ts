/** The staff member the console works for, read once by its frame and given to its pages. */
import { createContext, use } from 'react'
import type { StaffSelf } from '../../../machines/ops-console/ops-console.machine'

export const StaffSelfContext = createContext<StaffSelf | null>(null)

/** The staff member; the console's pages render only once the frame knows them. */
export function useStaffSelf(): StaffSelf {
  const self = use(StaffSelfContext)
  if (!self) throw new Error('ops: a console page rendered before the staff member was read')
  return self
}
