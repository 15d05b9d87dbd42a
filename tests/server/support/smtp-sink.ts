/**
 * A real SMTP server on a loopback port that keeps every message it accepts, for the tests that
 * count deliveries. `hold()` keeps the next messages waiting after their DATA, unanswered, as a
 * slow mail server would; a message whose sender disconnects while it waits was never accepted
 * and is not kept (the SMTP transaction did not complete).
 */
import { SMTPServer } from 'smtp-server'

export interface AcceptedMessage {
  messageId: string
  to: string
  subject: string
}

export interface SmtpSink {
  url: string
  accepted: AcceptedMessage[]
  /** Messages that have sent their DATA and wait for hold() to end. */
  waiting(): number
  /** Of those, the ones whose sender has gone (they will not be kept). */
  waitingForNobody(): number
  hold(): void
  release(): void
  stop(): Promise<void>
}

function header(raw: string, name: string): string {
  const head = raw.split(/\r?\n\r?\n/, 1)[0] ?? ''
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ')
  const match = new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(unfolded)
  return match?.[1]?.trim() ?? ''
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const accepted: AcceptedMessage[] = []
  const closedSessions = new Set<string>()
  let gate: { promise: Promise<void>; open: () => void } | undefined
  const waitingSessions: string[] = []

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onClose(session) {
      closedSessions.add(session.id)
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8')
        const held = gate?.promise
        const finish = () => {
          if (closedSessions.has(session.id)) return
          accepted.push({
            messageId: header(raw, 'Message-ID'),
            to: session.envelope.rcptTo.map((r) => r.address).join(','),
            subject: header(raw, 'Subject'),
          })
          callback()
        }
        if (!held) {
          finish()
          return
        }
        waitingSessions.push(session.id)
        void held.then(() => {
          waitingSessions.splice(waitingSessions.indexOf(session.id), 1)
          finish()
        })
      })
    },
  })
  const port = await new Promise<number>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.server.address()
      resolve(typeof address === 'object' && address ? address.port : 0)
    })
  })
  return {
    url: `smtp://127.0.0.1:${port}`,
    accepted,
    waiting: () => waitingSessions.length,
    waitingForNobody: () => waitingSessions.filter((id) => closedSessions.has(id)).length,
    hold() {
      if (gate) return
      let open = () => {}
      const promise = new Promise<void>((resolve) => {
        open = resolve
      })
      gate = { promise, open }
    },
    release() {
      gate?.open()
      gate = undefined
    },
    stop() {
      gate?.open()
      return new Promise((resolve) => {
        server.close(() => {
          resolve()
        })
      })
    },
  }
}
