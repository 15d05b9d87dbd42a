/**
 * Readiness once a node has begun to stop (decision 091): the listener is closed, so a load
 * balancer sees it on a connection opened before, whose request completes during the drain; a
 * connection that never sent a request does not hold the drain up.
 */
import { connect, type Socket } from 'node:net'
import { describe, expect, it } from 'vitest'
import { startTestServer } from './support/test-server.ts'

/** A raw HTTP/1.1 connection: what was written, and everything it has received. */
async function openConnection(url: string): Promise<{ socket: Socket; received: () => string }> {
  const { hostname, port } = new URL(url)
  const socket = connect(Number(port), hostname)
  let text = ''
  socket.setEncoding('utf8').on('data', (chunk: string) => (text += chunk))
  await new Promise((resolve) => socket.once('connect', resolve))
  return { socket, received: () => text }
}

async function until(condition: () => boolean): Promise<void> {
  const deadline = Date.now() + 10_000
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out')
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

describe('readiness while the node stops', () => {
  it('answers 503 node-stopping with Retry-After and Connection: close; liveness stays 200', async () => {
    const server = await startTestServer('pglite')
    let stopped: Promise<void> | undefined
    try {
      const ready = await openConnection(server.url)
      const live = await openConnection(server.url)
      // Each request has begun (its first header line is in) before the node is told to stop.
      ready.socket.write('GET /api/health/ready HTTP/1.1\r\nHost: exchange.test\r\n')
      live.socket.write('GET /api/health/live HTTP/1.1\r\nHost: exchange.test\r\n')
      // Before: the same request on a fresh connection is ready.
      expect((await server.api('GET', '/api/health/ready')).status).toBe(200)

      stopped = server.running.stop()
      await until(() => !server.running.app.server.listening)
      ready.socket.write('\r\n')
      live.socket.write('\r\n')
      await until(() => ready.received().includes('"status":503'))
      await until(() => live.received().includes('"status":"ok"'))

      const readyAnswer = ready.received()
      expect(readyAnswer).toMatch(/^HTTP\/1\.1 503 /)
      expect(readyAnswer).toMatch(/\r\ncontent-type: application\/problem\+json/i)
      expect(readyAnswer).toMatch(/\r\nretry-after: 1\r\n/i)
      expect(readyAnswer).toMatch(/\r\nconnection: close\r\n/i)
      expect(readyAnswer).toContain('"type":"urn:exchange:problem:node-stopping"')
      expect(live.received()).toMatch(/^HTTP\/1\.1 200 /)
      await stopped
    } finally {
      // The same drain as `stopped`, then the database is dropped.
      await server.stop()
    }
  })

  it('closes a connection that never sent a request instead of waiting on it', async () => {
    const server = await startTestServer('pglite')
    try {
      // A browser's preconnect: open, and nothing sent. Before, the drain waited for the client
      // to give up on it (a minute for Node's fetch).
      const preconnect = await openConnection(server.url)
      const closed = new Promise((resolve) => preconnect.socket.once('close', resolve))
      const started = Date.now()
      await server.running.stop()
      await closed
      expect(Date.now() - started).toBeLessThan(2_000)
      expect(preconnect.received()).toBe('')
    } finally {
      await server.stop()
    }
  })
})
