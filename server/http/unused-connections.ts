/**
 * Connections that have not sent a byte: a browser's preconnect, a client's spare. Node's drain
 * closes idle kept-alive connections but waits on these until the client gives up (a minute for
 * Node's fetch), which held a stopping node's drain that long. Nothing is under way on them, so
 * the drain closes them; one whose request has begun arriving is left to finish (decision 091).
 */
import type { Server } from 'node:http'
import type { Socket } from 'node:net'

/** Call before the listener closes; new connections are not accepted after. */
export function trackUnusedConnections(server: Server): { closeUnused(): void } {
  const open = new Set<Socket>()
  server.on('connection', (socket: Socket) => {
    open.add(socket)
    socket.once('close', () => open.delete(socket))
  })
  return {
    closeUnused() {
      for (const socket of open) if (socket.bytesRead === 0) socket.destroy()
    },
  }
}
