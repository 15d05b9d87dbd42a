/**
 * While a server holds a PGlite data folder, nothing else can open it (data-dir-lock.ts); the
 * operators' commands reach it through a Unix socket inside that folder instead, which only the
 * folder's owner can open (mode 0600): one JSON line in, one JSON line out (decision 110).
 */
import { chmod, unlink } from 'node:fs/promises'
import { createConnection, createServer, type Socket } from 'node:net'
import { join } from 'node:path'
import { parseOpsCommand, type OpsCommand, type OpsOutcome } from './ops-commands.ts'

export function opsSocketPath(dataDir: string): string {
  return join(dataDir, 'ops.sock')
}

/** The longest request line the socket reads: a command is a few hundred bytes. */
const maxLineBytes = 4096

export async function listenForOpsCommands(
  path: string,
  run: (command: OpsCommand) => Promise<OpsOutcome>,
  onError: (error: Error) => void,
): Promise<() => Promise<void>> {
  // A socket file left by a server that died: this process holds the folder's lock now.
  await unlink(path).catch(() => undefined)
  const server = createServer((socket: Socket) => {
    let buffered = ''
    const answer = (outcome: OpsOutcome) => {
      socket.end(`${JSON.stringify(outcome)}\n`)
    }
    socket.setEncoding('utf8')
    socket.on('error', () => undefined)
    socket.on('data', (chunk: string) => {
      buffered += chunk
      if (buffered.length > maxLineBytes) {
        answer({ ok: false, line: 'the command is too long' })
        return
      }
      const end = buffered.indexOf('\n')
      if (end < 0) return
      socket.pause()
      let command: OpsCommand | string
      try {
        command = parseOpsCommand(JSON.parse(buffered.slice(0, end)))
      } catch {
        command = 'not JSON'
      }
      if (typeof command === 'string') {
        answer({ ok: false, line: command })
        return
      }
      run(command).then(answer, (error: unknown) => {
        onError(error instanceof Error ? error : new Error(String(error)))
        answer({ ok: false, line: 'the server could not run the command; see its log' })
      })
    })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(path, () => {
      server.off('error', reject)
      resolve()
    })
  })
  await chmod(path, 0o600)
  server.unref()
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => {
        resolve()
      })
    })
}

/** Sends a command to the server holding the folder; undefined when no server listens there. */
export function sendOpsCommand(path: string, command: OpsCommand): Promise<OpsOutcome | undefined> {
  return new Promise((resolve, reject) => {
    const socket = createConnection(path)
    let received = ''
    socket.setEncoding('utf8')
    socket.on('connect', () => {
      socket.write(`${JSON.stringify(command)}\n`)
    })
    socket.on('data', (chunk: string) => {
      received += chunk
    })
    socket.on('end', () => {
      try {
        resolve(JSON.parse(received) as OpsOutcome)
      } catch {
        reject(new Error('the server answered something that is not an outcome'))
      }
    })
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') resolve(undefined)
      else reject(error)
    })
  })
}
