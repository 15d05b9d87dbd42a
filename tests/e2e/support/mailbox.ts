/** The local mailbox of the server (GET /dev/mailbox/messages, newest first). */
export interface MailboxMessage {
  id: string
  to: string
  subject: string
  text: string
  html: string
  createdAt: string
}

/** Waits for the newest message to `to` whose text holds a link under `pathPrefix`, and returns that link. */
export async function linkFromMailbox(
  baseUrl: string,
  to: string,
  pathPrefix: string,
  timeoutMs = 10_000,
): Promise<string> {
  const deadline = Date.now() + timeoutMs
  const pattern = new RegExp(`https?://\\S+${pathPrefix.replace(/[/-]/g, '\\$&')}[^\\s<"]+`)
  for (;;) {
    const res = await fetch(`${baseUrl}/dev/mailbox/messages`)
    const messages = (await res.json()) as MailboxMessage[]
    for (const message of messages.filter((m) => m.to === to)) {
      const link = pattern.exec(message.text)?.[0]
      if (link) return link
    }
    if (Date.now() > deadline) {
      throw new Error(`no e-mail to ${to} with a ${pathPrefix} link arrived`)
    }
    await new Promise((r) => setTimeout(r, 100))
  }
}
