/**
 * The sandbox pages and fakes (PROVIDERS=sandbox only), all under /sandbox/ on our own origin:
 * - /sandbox/sumsub/websdk: the verification page framed instead of the Sumsub WebSDK, and the
 *   calls it makes with its SDK token (/sandbox/sumsub/websdk/api/{load,submit,approve,reject});
 * - /sandbox/paybis/widget and /sandbox/paybis/payment: the card widget and its payment step,
 *   and their calls (/sandbox/paybis/widget/api/{load,pay,confirm}), which send the
 *   transaction-status webhooks; /sandbox/paybis/webhooks/drop-next loses the next ones;
 * - /sandbox/sumsub/api/resources/… and /sandbox/paybis/api/v2/{request,transactions}: the fake
 *   provider APIs,
 *   signatures checked exactly like the real ones (the server itself reaches them in process);
 * - /sandbox/market/<method>: the market-data sandbox (market-routes.ts).
 * The pages load their script from /sandbox/ (no inline script, so our CSP holds) and may only be
 * framed by our own origin (frame-ancestors 'self').
 */
import { readFileSync } from 'node:fs'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { decimal } from '../../domain/decimal.ts'
import { CRYPTO_CURRENCIES, FIAT_CURRENCIES, isCrypto, isFiat } from '../../domain/currencies.ts'
import { isRecord, type FakeHandler } from '../providers/in-process-fetch.ts'
import type { SandboxProviders } from '../providers/providers.ts'
import type { SessionAnswer } from '../providers/sumsub/sandbox.ts'
import { installMarketRoutes } from './market-routes.ts'

const asset = (name: string) => readFileSync(new URL(`../sandbox/${name}`, import.meta.url), 'utf8')

function options(list: readonly string[], selected: string): string {
  return list
    .map((c) => `<option value="${c}"${c === selected ? ' selected' : ''}>${c}</option>`)
    .join('')
}

function json(reply: FastifyReply, status: number, body: unknown) {
  return reply.code(status).header('cache-control', 'no-store').type('application/json').send(body)
}

function parseBody(request: FastifyRequest): Record<string, unknown> {
  const raw = request.body
  if (!Buffer.isBuffer(raw) || raw.length === 0) return {}
  try {
    const parsed: unknown = JSON.parse(raw.toString('utf8'))
    return isRecord(parsed) ? parsed : {}
  } catch {
    return {}
  }
}

export async function installSandbox(
  app: FastifyInstance,
  sandbox: SandboxProviders,
): Promise<void> {
  const pages = {
    websdk: asset('sumsub-websdk.html'),
    websdkJs: asset('sumsub-websdk.js'),
    widget: asset('paybis-widget.html')
      .replace('{{fiatOptions}}', options(FIAT_CURRENCIES, 'EUR'))
      .replace('{{cryptoOptions}}', options(CRYPTO_CURRENCIES, 'BTC')),
    payment: asset('paybis-payment.html'),
    widgetJs: asset('paybis-widget.js'),
    css: asset('sandbox.css'),
  }

  await installMarketRoutes(app, {
    prefix: '/sandbox/market',
    market: sandbox.market,
    modeOverride: true,
  })

  await app.register((scope, _options, done) => {
    // The fakes verify signatures over the exact bytes, so bodies stay raw buffers here.
    scope.removeAllContentTypeParsers()
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => {
      done(null, body)
    })
    scope.setErrorHandler((error: { statusCode?: number; message?: string }, request, reply) => {
      const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 500
      if (status >= 500) request.log.error({ err: error }, 'sandbox route failed')
      return json(reply, status, {
        error: status < 500 ? (error.message ?? 'Bad Request') : 'Sandbox failure',
      })
    })

    const page =
      (body: string, type = 'text/html; charset=utf-8') =>
      (_request: FastifyRequest, reply: FastifyReply) =>
        reply.header('cache-control', 'no-cache').type(type).send(body)
    scope.get('/sandbox/sandbox.css', page(pages.css, 'text/css; charset=utf-8'))
    scope.get('/sandbox/sumsub/websdk', page(pages.websdk))
    scope.get('/sandbox/sumsub/websdk.js', page(pages.websdkJs, 'text/javascript; charset=utf-8'))
    scope.get('/sandbox/paybis/widget', page(pages.widget))
    scope.get('/sandbox/paybis/payment', page(pages.payment))
    scope.get('/sandbox/paybis/widget.js', page(pages.widgetJs, 'text/javascript; charset=utf-8'))

    // The verification page's calls, authenticated by its SDK token like the WebSDK's own.
    const websdk = sandbox.sumsub.websdk
    const actions: Record<string, (token: unknown) => Promise<SessionAnswer>> = {
      load: websdk.load,
      submit: websdk.submit,
      approve: (token) => websdk.review(token, 'GREEN'),
      reject: (token) => websdk.review(token, 'RED'),
    }
    scope.post<{ Params: { action: string } }>(
      '/sandbox/sumsub/websdk/api/:action',
      async (request, reply) => {
        const action = Object.hasOwn(actions, request.params.action)
          ? actions[request.params.action]
          : undefined
        if (!action) return json(reply, 404, { error: 'No such sandbox action' })
        const answer = await action(request.headers['x-access-token'])
        return answer.ok
          ? json(reply, 200, answer.session)
          : json(reply, answer.status, answer.body)
      },
    )

    // The widget's calls.
    const widget = sandbox.paybis.widget
    scope.post<{ Params: { action: string } }>(
      '/sandbox/paybis/widget/api/:action',
      async (request, reply) => {
        const body = parseBody(request)
        let answer
        switch (request.params.action) {
          case 'load':
            answer = widget.load(body.requestId, body.oneTimeToken)
            break
          case 'pay': {
            const amount = typeof body.amount === 'string' ? body.amount.trim() : ''
            const from = String(body.currencyFrom)
            const to = String(body.currencyTo)
            if (
              !/^\d{1,9}(\.\d{1,2})?$/.test(amount) ||
              decimal(amount).lt(decimal('5')) ||
              !isFiat(from) ||
              !isCrypto(to)
            )
              return json(reply, 422, {
                error: 'Enter an amount of at least 5 and pick the currencies.',
              })
            answer = await widget.pay(body.requestId, {
              amount,
              currencyFrom: from,
              currencyTo: to,
            })
            break
          }
          case 'confirm': {
            const outcome = body.outcome
            if (outcome !== 'completed' && outcome !== 'rejected' && outcome !== 'cancelled')
              return json(reply, 422, { error: 'outcome must be completed, rejected or cancelled' })
            answer = await widget.confirm(body.requestId, outcome)
            break
          }
          default:
            return json(reply, 404, { error: 'No such sandbox action' })
        }
        if (!answer.ok) return json(reply, answer.status, { error: answer.message })
        return json(reply, 200, {
          ...answer.request,
          ...('webhook' in answer && answer.webhook !== undefined
            ? { webhookStatus: answer.webhook }
            : {}),
        })
      },
    )

    // Sandbox only: lose the next transaction-status webhooks on the way (a journey shows the
    // reconciliation job recovering them; docs/product/payments.md#reconciliation).
    scope.post('/sandbox/paybis/webhooks/drop-next', (request, reply) => {
      const count = parseBody(request).count ?? 1
      if (typeof count !== 'number' || !Number.isInteger(count) || count < 0 || count > 100)
        return json(reply, 422, { error: 'count is a whole number from 0 to 100' })
      sandbox.paybis.dropNextWebhooks(count)
      return json(reply, 200, { dropNext: count })
    })

    // The fake provider APIs over HTTP (the server reaches the same handlers in process).
    const fake = (handler: FakeHandler) => async (request: FastifyRequest, reply: FastifyReply) => {
      const headers: Record<string, string> = {}
      for (const [name, value] of Object.entries(request.headers))
        if (typeof value === 'string') headers[name] = value
      const answer = await handler({
        method: request.method,
        path: request.url,
        headers,
        body: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
      })
      return json(reply, answer.status, answer.body)
    }
    scope.all('/sandbox/sumsub/api/*', fake(sandbox.sumsub.api('/sandbox/sumsub/api')))
    scope.all('/sandbox/paybis/api/*', fake(sandbox.paybis.api))
    done()
  })
}
