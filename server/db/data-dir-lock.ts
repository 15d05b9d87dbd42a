/**
 * One process per PGlite data folder. PGlite has no lock of its own, and two processes on one
 * folder both acknowledge writes that a restart then loses; so the folder is claimed with a lock
 * file holding the owner's pid and host, created atomically (link(2) fails if it exists).
 */
import { hostname } from 'node:os'
import { join } from 'node:path'
import { link, readFile, unlink, writeFile } from 'node:fs/promises'

export class DataDirInUse extends Error {
  override readonly name = 'DataDirInUse'
}

interface Holder {
  pid: number
  host: string
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

async function readHolder(path: string): Promise<Holder | undefined> {
  try {
    const parsed = JSON.parse(await readFile(path, 'utf8')) as Partial<Holder>
    return typeof parsed.pid === 'number' && typeof parsed.host === 'string'
      ? { pid: parsed.pid, host: parsed.host }
      : undefined
  } catch {
    return undefined
  }
}

/** Claims `dir` for this process; the returned function gives it back. */
export async function lockDataDir(dir: string): Promise<() => Promise<void>> {
  const lockPath = join(dir, 'server.lock')
  const me: Holder = { pid: process.pid, host: hostname() }
  const draft = `${lockPath}.${process.pid}`
  await writeFile(draft, JSON.stringify(me))
  try {
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        await link(draft, lockPath)
        return async () => {
          const holder = await readHolder(lockPath)
          if (holder?.pid === me.pid && holder.host === me.host) await unlink(lockPath)
        }
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      }
      const holder = await readHolder(lockPath)
      if (holder && holder.host !== me.host)
        throw new DataDirInUse(
          `${dir} is in use by process ${holder.pid} on ${holder.host}; remove ${lockPath} only if that server is stopped`,
        )
      // Our own pid in the file means its writer died and this process reused the pid (containers).
      if (holder && holder.pid !== me.pid && alive(holder.pid))
        throw new DataDirInUse(
          `${dir} is in use by the server with pid ${holder.pid}: stop it, or give this one another DATA_DIR`,
        )
      // Left by a server that died: take it over.
      await unlink(lockPath).catch(() => undefined)
    }
    throw new DataDirInUse(`${dir}: could not claim ${lockPath}`)
  } finally {
    await unlink(draft).catch(() => undefined)
  }
}
