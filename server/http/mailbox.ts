import { createHash } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import type { Database } from '../db/database.ts'
import { listMessages } from '../mail/outbox.ts'
import { productName } from '../mail/templates.ts'

const style = `body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#0b1f3a}
article{border:1px solid #d0d7e2;border-radius:8px;padding:1rem;margin:1rem 0}
pre{white-space:pre-wrap;font:inherit}.meta{color:#5b6b80}a{color:#0b4fd6}`
// The page's one inline style, allowed by its hash: the site's CSP allows no inline style at all.
const pagePolicy = `default-src 'none'; style-src 'sha256-${createHash('sha256').update(style).digest('base64')}'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'`

function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  )
}

function linkify(text: string): string {
  return escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`)
}

/** The local mailbox (only with MAILBOX=1, never in production): every message in the outbox, newest first. */
export function installMailbox(app: FastifyInstance, db: Database): void {
  app.get('/dev/mailbox/messages', async (_request, reply) => {
    return reply.header('cache-control', 'no-store').send(await listMessages(db))
  })

  app.get('/dev/mailbox', async (_request, reply) => {
    const messages = await listMessages(db)
    const items = messages
      .map(
        (m) => `<article>
  <h2>${escapeHtml(m.subject)}</h2>
  <p class="meta">To <strong>${escapeHtml(m.to)}</strong> · <time datetime="${m.createdAt}">${m.createdAt}</time></p>
  <pre>${linkify(m.text)}</pre>
</article>`,
      )
      .join('\n')
    const page = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Local mailbox — ${productName}</title>
<style>${style}</style></head>
<body><h1>Local mailbox</h1>
<p>Every e-mail the server would send, newest first (no SMTP_URL is set). The same data as JSON: <a href="/dev/mailbox/messages">/dev/mailbox/messages</a>.</p>
${items || '<p>No messages yet.</p>'}
</body></html>`
    return reply
      .header('cache-control', 'no-store')
      .header('content-security-policy', pagePolicy)
      .type('text/html; charset=utf-8')
      .send(page)
  })
}
