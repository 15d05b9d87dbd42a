import { FEE_THRESHOLD, feePercent } from '../../domain/exchange-rules.ts'
import type { QuoteCalculation } from '../../domain/quote.ts'
import type { I18n } from '@lingui/core'
import { formatDateTime } from '../../domain/format-date.ts'
import { formatDecimal, isPlainDecimal } from '../../domain/format-number.ts'
import { formatRate } from '../../domain/format-rate.ts'
import { isLocale, sourceLocale, type Locale } from '../../domain/locale.ts'
import type { RateForm } from '../../domain/exchange-rules.ts'
import { mailI18n } from './mail-i18n.ts'
import type { MailMessage } from './outbox.ts'

export const productName = 'Vistula Exchange'

function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  )
}

/** A value that must stay on its line: a header, or a field of the team's notice. */
export function oneLine(value: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
  return value.replace(/[\u0000-\u001f\u007f\u0085\u2028\u2029]+/g, ' ')
}

/** A customer's free text inside the team's notice: every line quoted, so none can pass for ours. */
function quoted(value: string): string {
  return value
    .split(/\r\n|[\r\n\u0085\u2028\u2029]/)
    .map((line) => `> ${oneLine(line)}`)
    .join('\n')
}

/** The language an i18n of mailI18n writes. */
const localeOf = (i18n: I18n): Locale => (isLocale(i18n.locale) ? i18n.locale : sourceLocale)

/** Who an e-mail is for: the address, and the language it is written in. */
export interface MailRecipient {
  address: string
  locale: Locale
}

/**
 * A figure as its reader writes it (docs/product/limits.md#numbers-money-and-dates-per-language):
 * in English exactly the stored string, in Polish with its decimal comma and grouping. Never
 * through a JS number.
 */
function figure(value: string, locale: Locale): string {
  return isPlainDecimal(value) ? formatDecimal(value, locale) : value
}

/** '1.1%' as its reader writes it ('1,1%' in Polish). */
function percent(text: string, locale: Locale): string {
  const number = text.endsWith('%') ? text.slice(0, -1) : undefined
  return number !== undefined && isPlainDecimal(number) ? `${formatDecimal(number, locale)}%` : text
}

/**
 * A moment: in English as before, '2026-11-27 20:05 UTC'; in Polish in Warsaw time, the way the
 * app writes it ('27 lis 2026, 21:05').
 */
function moment(at: Date | string, locale: Locale): string {
  if (locale === 'en') return `${new Date(at).toISOString().slice(0, 16).replace('T', ' ')} UTC`
  return formatDateTime(at, locale)
}

/** Builds the text and HTML bodies from the same paragraphs, with at most one call to action. */
function compose(
  to: MailRecipient,
  subject: string,
  paragraphs: string[],
  action?: { label: string; url: string },
): MailMessage {
  const i18n = mailI18n(to.locale)
  const greeting = i18n._({ id: 'mail.greeting', message: 'Hello,' })
  const closing = i18n._({
    id: 'mail.closing',
    message: '— The {product} team',
    values: { product: productName },
  })
  const text = [
    greeting,
    ...paragraphs,
    ...(action ? [`${action.label}: ${action.url}`] : []),
    closing,
  ].join('\n\n')
  const html = [
    `<!doctype html><html lang="${to.locale}"><body style="font-family:system-ui,sans-serif;color:#0b1f3a;line-height:1.5">`,
    `<p>${escapeHtml(greeting)}</p>`,
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    ...(action
      ? [
          `<p><a href="${escapeHtml(action.url)}" style="display:inline-block;padding:12px 20px;background:#0b1f3a;color:#fff;border-radius:8px;text-decoration:none">${escapeHtml(action.label)}</a></p>`,
          `<p style="font-size:13px;color:#5b6b80">${escapeHtml(
            i18n._({
              id: 'mail.button-fallback',
              message: 'If the button does not work, paste this address into your browser: {url}',
              values: { url: action.url },
            }),
          )}</p>`,
        ]
      : []),
    `<p>${escapeHtml(closing)}</p>`,
    '</body></html>',
  ].join('')
  return {
    to: oneLine(to.address),
    subject: oneLine(`${subject} — ${productName}`),
    text,
    html,
  }
}

export function verifyEmailMessage(to: MailRecipient, link: string): MailMessage {
  const i18n = mailI18n(to.locale)
  const product = productName
  return compose(
    to,
    i18n._({ id: 'mail.verify.subject', message: 'Confirm your e-mail address' }),
    [
      i18n._({
        id: 'mail.verify.thanks',
        message:
          'Thank you for signing up with {product}. Please confirm that this is your e-mail address so you can log in.',
        values: { product },
      }),
      i18n._({
        id: 'mail.verify.expiry',
        message:
          'The link works once and expires in 24 hours. If you did not sign up, you can ignore this message.',
      }),
    ],
    { label: i18n._({ id: 'mail.verify.action', message: 'Confirm my e-mail' }), url: link },
  )
}

export function alreadyRegisteredMessage(
  to: MailRecipient,
  loginUrl: string,
  resetUrl: string,
): MailMessage {
  const i18n = mailI18n(to.locale)
  const product = productName
  return compose(
    to,
    i18n._({ id: 'mail.already.subject', message: 'Someone tried to sign up with your e-mail' }),
    [
      i18n._({
        id: 'mail.already.attempt',
        message:
          'Someone just tried to create a {product} account with this e-mail address, which already has an account. No new account was created.',
        values: { product },
      }),
      i18n._({
        id: 'mail.already.if-you',
        message:
          'If it was you, log in at {loginUrl}. If you forgot your password, you can reset it at {resetUrl}.',
        values: { loginUrl, resetUrl },
      }),
      i18n._({
        id: 'mail.already.if-not-you',
        message: 'If it was not you, no action is needed: your account is unchanged.',
      }),
    ],
  )
}

export function resetPasswordMessage(to: MailRecipient, link: string): MailMessage {
  const i18n = mailI18n(to.locale)
  return compose(
    to,
    i18n._({ id: 'mail.reset.subject', message: 'Reset your password' }),
    [
      i18n._({
        id: 'mail.reset.asked',
        message: 'We received a request to reset the password of your {product} account.',
        values: { product: productName },
      }),
      i18n._({
        id: 'mail.reset.expiry',
        message:
          'The link works once and expires in 1 hour. If you did not ask for this, ignore this message: your password stays the same.',
      }),
    ],
    { label: i18n._({ id: 'mail.reset.action', message: 'Choose a new password' }), url: link },
  )
}

/** A staff invitation (docs/product/staff.md#staff-accounts): the link chooses the password. */
export function staffInvitationMessage(
  to: MailRecipient,
  link: string,
  roles: readonly string[],
): MailMessage {
  const i18n = mailI18n(to.locale)
  return compose(
    to,
    i18n._({ id: 'mail.staff.subject', message: 'Your staff account' }),
    [
      i18n._({
        id: 'mail.staff.created',
        message:
          'A staff account of {product} was created for this address, with the roles: {roles}.',
        values: { product: productName, roles: roles.join(', ') },
      }),
      i18n._({
        id: 'mail.staff.next',
        message:
          'Choose your password with the link below; it works once and expires in 24 hours. Then sign in and set up a passkey or an authenticator app: staff cannot use the console without one.',
      }),
    ],
    { label: i18n._({ id: 'mail.staff.action', message: 'Choose your password' }), url: link },
  )
}

/**
 * After an address registered more than once was confirmed (docs/decisions/080): no registration's
 * password was kept, and the link (a reset link) lets the owner choose one.
 */
export function choosePasswordMessage(
  to: MailRecipient,
  link: string,
  resetUrl: string,
): MailMessage {
  const i18n = mailI18n(to.locale)
  return compose(
    to,
    i18n._({ id: 'mail.choose.subject', message: 'Choose your password' }),
    [
      i18n._({
        id: 'mail.choose.why',
        message:
          'Your e-mail address is confirmed. It had been used to sign up for {product} more than once, so to keep your account safe we did not keep the password from any of those sign-ups.',
        values: { product: productName },
      }),
      i18n._({
        id: 'mail.choose.how',
        message:
          'Choose the password for your account with the link below. The link works once and expires in 1 hour.',
      }),
      i18n._({
        id: 'mail.choose.expired',
        message: 'If it expires, ask for a new one at {resetUrl} (Forgot password).',
        values: { resetUrl },
      }),
    ],
    { label: i18n._({ id: 'mail.choose.action', message: 'Choose my password' }), url: link },
  )
}

/** The session a security notice is about: what it says of itself, all of it shown as text. */
export interface SessionFacts {
  /** A label read from the user agent ('Chrome on macOS'), never the raw header. */
  device: string
  ip: string
  at: Date
}

function sessionLines(i18n: I18n, facts: SessionFacts): string[] {
  const at = moment(facts.at, localeOf(i18n))
  return [
    i18n._({
      id: 'mail.session.device',
      message: 'Device: {device}',
      values: { device: oneLine(facts.device) },
    }),
    i18n._({
      id: 'mail.session.ip',
      message: 'IP address: {ip}',
      values: { ip: oneLine(facts.ip) },
    }),
    i18n._({ id: 'mail.session.time', message: 'Time: {at}', values: { at } }),
  ]
}

const endSessionLabel = (i18n: I18n) =>
  i18n._({ id: 'mail.session.end-action', message: 'End that session' })

/**
 * After a password change. From a signed-in session (changePassword) the notice names it and
 * links to ending it; after a reset by e-mail there is no session, and so no link.
 */
export function passwordChangedMessage(
  to: MailRecipient,
  resetUrl: string,
  bySession?: { facts: SessionFacts; endSessionUrl: string },
): MailMessage {
  const i18n = mailI18n(to.locale)
  const subject = i18n._({
    id: 'mail.password-changed.subject',
    message: 'Your password was changed',
  })
  const ifNotYou = (values: { resetUrl: string }) =>
    i18n._({
      id: 'mail.password-changed.if-not-you',
      message:
        'If you did not do this, end that session with the link below, then reset your password at {resetUrl} and contact our support.',
      values,
    })
  if (!bySession)
    return compose(to, subject, [
      i18n._({
        id: 'mail.password-changed.by-reset',
        message:
          'The password of your {product} account was just changed, and every device that was logged in has been logged out.',
        values: { product: productName },
      }),
      i18n._({
        id: 'mail.password-changed.reset-at-once',
        message:
          'If you did not do this, reset your password at once at {resetUrl} and contact our support.',
        values: { resetUrl },
      }),
    ])
  return compose(
    to,
    subject,
    [
      i18n._({
        id: 'mail.password-changed.by-session',
        message:
          'The password of your {product} account was just changed from a signed-in session, and every other device has been logged out. The change was made from:',
        values: { product: productName },
      }),
      ...sessionLines(i18n, bySession.facts),
      ifNotYou({ resetUrl }),
    ],
    { label: endSessionLabel(i18n), url: bySession.endSessionUrl },
  )
}

/** A sign-in from a device (user agent) this account had not signed in from before. */
export function newSignInMessage(
  to: MailRecipient,
  facts: SessionFacts,
  endSessionUrl: string,
  resetUrl: string,
): MailMessage {
  const i18n = mailI18n(to.locale)
  return compose(
    to,
    i18n._({ id: 'mail.new-sign-in.subject', message: 'New sign-in to your account' }),
    [
      i18n._({
        id: 'mail.new-sign-in.what',
        message:
          'Your {product} account was just signed in to from a device it had not been used on before:',
        values: { product: productName },
      }),
      ...sessionLines(i18n, facts),
      i18n._({ id: 'mail.if-you.nothing', message: 'If this was you, there is nothing to do.' }),
      i18n._({
        id: 'mail.new-sign-in.if-not-you',
        message:
          'If it was not you, end that session with the link below, then reset your password at {resetUrl}.',
        values: { resetUrl },
      }),
    ],
    { label: endSessionLabel(i18n), url: endSessionUrl },
  )
}

/**
 * The password was right but the second step failed (a wrong code, passkey or recovery code):
 * somebody may know the password. One per burst (issue 25 finding 5); no session exists to end.
 */
export function secondStepFailedMessage(
  to: MailRecipient,
  facts: SessionFacts,
  resetUrl: string,
): MailMessage {
  const i18n = mailI18n(to.locale)
  return compose(
    to,
    i18n._({
      id: 'mail.second-step.subject',
      message: 'Your password was used, but the second step failed',
    }),
    [
      i18n._({
        id: 'mail.second-step.what',
        message:
          'Somebody signed in to your {product} account with the right password, then gave a wrong code or passkey at the second step, so they were not let in:',
        values: { product: productName },
      }),
      ...sessionLines(i18n, facts),
      i18n._({ id: 'mail.if-you.nothing', message: 'If this was you, there is nothing to do.' }),
      i18n._({
        id: 'mail.second-step.if-not-you',
        message:
          'If it was not you, your password is known to somebody else: choose a new one with the link below. Your second factor kept them out.',
      }),
    ],
    { label: i18n._({ id: 'mail.reset.action', message: 'Choose a new password' }), url: resetUrl },
  )
}

/** A second factor, as a notice names it. */
export type NamedFactor = { kind: 'authenticator-app' } | { kind: 'passkey'; name: string }

/** 'an authenticator app', 'the passkey "MacBook"', 'a second factor' in the reader's language. */
function factorName(i18n: I18n, factor: NamedFactor | undefined): string {
  if (factor?.kind === 'authenticator-app')
    return i18n._({ id: 'mail.factor.authenticator-app', message: 'an authenticator app' })
  if (factor?.kind === 'passkey')
    return i18n._({
      id: 'mail.factor.passkey',
      message: 'the passkey "{name}"',
      // A passkey's name is the customer's own text: it stays on one line.
      values: { name: oneLine(factor.name).slice(0, 180) },
    })
  return i18n._({ id: 'mail.factor.any', message: 'a second factor' })
}

/** A second factor added or removed, named in the notice. */
export function factorChangedMessage(
  to: MailRecipient,
  change: 'added' | 'removed',
  factor: NamedFactor | undefined,
  facts: SessionFacts,
  endSessionUrl: string,
  resetUrl: string,
): MailMessage {
  const i18n = mailI18n(to.locale)
  const named = factorName(i18n, factor).slice(0, 200)
  const values = { product: productName, named }
  return compose(
    to,
    change === 'added'
      ? i18n._({
          id: 'mail.factor.added.subject',
          message: 'A second factor was added to your account',
        })
      : i18n._({
          id: 'mail.factor.removed.subject',
          message: 'A second factor was removed from your account',
        }),
    [
      change === 'added'
        ? i18n._({
            id: 'mail.factor.added',
            message:
              'A way to confirm sign-ins was just added to your {product} account: {named}. Every other device has been logged out.',
            values,
          })
        : i18n._({
            id: 'mail.factor.removed',
            message:
              'A way to confirm sign-ins was just removed from your {product} account: {named}. Every other device has been logged out.',
            values,
          }),
      i18n._({ id: 'mail.factor.made-from', message: 'The change was made from:' }),
      ...sessionLines(i18n, facts),
      i18n._({
        id: 'mail.password-changed.if-not-you',
        message:
          'If you did not do this, end that session with the link below, then reset your password at {resetUrl} and contact our support.',
        values: { resetUrl },
      }),
    ],
    { label: endSessionLabel(i18n), url: endSessionUrl },
  )
}

/**
 * The figures of a quote, as decimal strings computed by domain/quote.ts and stored (`rate` and
 * `received` are absent when no market rate was available), when the rate was read, and the
 * displayed rate's form (exchange-rules.ts) so each language writes the same figure its own way.
 */
export interface QuoteFigures extends QuoteCalculation {
  at: Date
  rateForm?: RateForm
}

/** The fee tiers of domain/exchange-rules.ts in words: '4% below 10,000; 1.1% from 10,000'. */
const feeThreshold = FEE_THRESHOLD.replace(/\B(?=(\d{3})+$)/g, ',')

function feeTiers(i18n: I18n): string {
  const locale = localeOf(i18n)
  return i18n._({
    id: 'mail.quote.fee-tiers',
    message: '{below} below {threshold}; {from} from {threshold}',
    values: {
      below: percent(feePercent('0'), locale),
      from: percent(feePercent(FEE_THRESHOLD), locale),
      // English has always written '10,000' here; Polish writes '10 000'.
      threshold: locale === 'en' ? feeThreshold : figure(FEE_THRESHOLD, locale),
    },
  })
}

function quoteLines(i18n: I18n, q: QuoteFigures): string[] {
  const locale = localeOf(i18n)
  const pay = i18n._({
    id: 'mail.quote.you-pay',
    message: 'You pay: {amount} {currency}',
    values: { amount: figure(q.amount, locale), currency: q.fromCurrency },
  })
  if (!q.rate || q.received === undefined)
    return [
      pay,
      i18n._({
        id: 'mail.quote.you-receive-currency',
        message: 'You receive: {currency}',
        values: { currency: q.toCurrency },
      }),
      i18n._({
        id: 'mail.quote.no-rate',
        message:
          'We could not fetch a current market rate just now, so a manager will send you the calculation personally.',
      }),
    ]
  return [
    pay,
    i18n._({
      id: 'mail.quote.rate',
      message: 'Rate: {rate} (market data, {at})',
      values: {
        rate:
          locale === 'en' || !q.rateForm
            ? q.rate.text
            : formatRate(q.rateForm.base, q.rateForm.figure, q.rateForm.quote, locale),
        at: moment(q.at, locale),
      },
    }),
    i18n._({
      id: 'mail.quote.fee',
      message: 'Fee: {percent} ({tiers} {currency})',
      values: {
        percent: percent(q.feePercent, locale),
        tiers: feeTiers(i18n),
        currency: q.fromCurrency,
      },
    }),
    i18n._({
      id: 'mail.quote.you-receive-estimate',
      message: 'You receive (estimate): {amount} {currency}',
      values: { amount: figure(q.received, locale), currency: q.toCurrency },
    }),
  ]
}

/**
 * The calculation goes to the contact address the customer typed, which nobody has verified: it
 * holds the calculation and the name of the account that asked, nothing else of the account.
 * It is written in the language of the account that asked.
 */
export function quoteCalculationMessage(
  to: MailRecipient,
  figures: QuoteFigures,
  verificationUrl: string,
  requestedBy: string,
): MailMessage {
  const i18n = mailI18n(to.locale)
  const product = productName
  return compose(
    to,
    i18n._({
      id: 'mail.quote.subject',
      message: 'Your personal quote: {amount} {from} to {to}',
      values: {
        amount: figure(figures.amount, to.locale),
        from: figures.fromCurrency,
        to: figures.toCurrency,
      },
    }),
    [
      i18n._({
        id: 'mail.quote.thanks',
        message:
          'Thank you for requesting a personal quote from {product}. Here is your personalised calculation:',
        values: { product },
      }),
      ...quoteLines(i18n, figures),
      i18n._({
        id: 'mail.quote.final-rate',
        message:
          'The final rate is fixed when the transaction is made; a manager will contact you to confirm the details.',
      }),
      i18n._({
        id: 'mail.quote.verify',
        message:
          'Verification is mandatory before the transaction: start it right away in your account.',
      }),
      i18n._({
        id: 'mail.quote.requested-by',
        message:
          'This quote was requested from the {product} account {requestedBy}. If you did not ask for it, ignore this e-mail.',
        values: { product, requestedBy },
      }),
    ],
    {
      label: i18n._({ id: 'mail.quote.action', message: 'Go to Verification' }),
      url: verificationUrl,
    },
  )
}

/**
 * The team's notice of a new quote request, to the operations address: written in English, the
 * team's working language (docs/product/languages.md#e-mails).
 */
export function quoteRequestNotice(
  to: string,
  request: {
    id: string
    accountEmail: string
    name: string
    email: string
    phone: string
    country: string
    message: string
  },
  figures: QuoteFigures,
): MailMessage {
  const team: MailRecipient = { address: to, locale: sourceLocale }
  const orDash = (value: string) => (value.trim() === '' ? '—' : value)
  return compose(
    team,
    `New quote request: ${figures.amount} ${figures.fromCurrency} to ${figures.toCurrency}`,
    [
      `A customer asked for a personal quote (request ${request.id}).`,
      `Account: ${request.accountEmail}`,
      `Contact: ${[request.name, request.email, request.phone, request.country].map((v) => orDash(oneLine(v))).join(', ')}`,
      ...(figures.rate
        ? ['Calculation sent to the customer:', ...quoteLines(mailI18n(sourceLocale), figures)]
        : [
            `${figures.amount} ${figures.fromCurrency} to ${figures.toCurrency}: no market rate was available, so the customer was told a manager will send the calculation.`,
          ]),
      `Message:\n${request.message.trim() === '' ? '—' : quoted(request.message)}`,
    ],
  )
}

/** Why a customer is told about their request; never an internal state or reason. */
export type RequestNews =
  | {
      kind: 'offer'
      offer: {
        rate: string
        amountPaid: string
        amountReceived: string
        fee: string
        feePercent: string
        validUntil: string
      }
    }
  | { kind: 'question' }
  | { kind: 'completed' }
  | { kind: 'closed' }
  | { kind: 'expired' }

/** Tells the customer their request needs them or has ended, with a link to it. */
export function requestNewsMessage(
  to: MailRecipient,
  request: { id: string; amount: string; fromCurrency: string; toCurrency: string },
  news: RequestNews,
  link: string,
): MailMessage {
  const i18n = mailI18n(to.locale)
  const what = i18n._({
    id: 'mail.request.what',
    message: '{amount} {from} to {to}',
    values: {
      amount: figure(request.amount, to.locale),
      from: request.fromCurrency,
      to: request.toCurrency,
    },
  })
  const action = {
    label: i18n._({ id: 'mail.request.action', message: 'View your request' }),
    url: link,
  }
  switch (news.kind) {
    case 'offer': {
      const o = news.offer
      const { fromCurrency: from, toCurrency: to2 } = request
      return compose(
        to,
        i18n._({
          id: 'mail.request.offer.subject',
          message: 'Your offer is ready: {what}',
          values: { what },
        }),
        [
          i18n._({
            id: 'mail.request.offer.intro',
            message: 'We have prepared an offer for your request of {what}:',
            values: { what },
          }),
          [
            i18n._({
              id: 'mail.request.offer.rate',
              message: 'Rate: 1 {to} = {rate} {from}',
              values: { to: to2, rate: figure(o.rate, to.locale), from },
            }),
            i18n._({
              id: 'mail.quote.you-pay',
              message: 'You pay: {amount} {currency}',
              values: { amount: figure(o.amountPaid, to.locale), currency: from },
            }),
            i18n._({
              id: 'mail.request.offer.fee',
              message: 'Fee ({percent}): {fee} {currency}',
              values: {
                percent: percent(o.feePercent, to.locale),
                fee: figure(o.fee, to.locale),
                currency: from,
              },
            }),
            i18n._({
              id: 'mail.request.offer.receive',
              message: 'You receive: {amount} {currency}',
              values: { amount: figure(o.amountReceived, to.locale), currency: to2 },
            }),
            i18n._({
              id: 'mail.request.offer.valid-until',
              message: 'Valid until: {at}',
              values: { at: moment(o.validUntil, to.locale) },
            }),
          ].join('\n'),
          i18n._({
            id: 'mail.request.offer.act',
            message: 'Accept or decline it in your account before it expires.',
          }),
        ],
        action,
      )
    }
    case 'question':
      return compose(
        to,
        i18n._({
          id: 'mail.request.question.subject',
          message: 'A question about your request: {what}',
          values: { what },
        }),
        [
          i18n._({
            id: 'mail.request.question',
            message:
              'Our team has a question about your request. Please answer it in your account.',
          }),
        ],
        action,
      )
    case 'completed':
      return compose(
        to,
        i18n._({
          id: 'mail.request.completed.subject',
          message: 'Your request is completed: {what}',
          values: { what },
        }),
        [i18n._({ id: 'mail.request.completed', message: 'Your request is completed.' })],
        action,
      )
    case 'closed':
      return compose(
        to,
        i18n._({
          id: 'mail.request.closed.subject',
          message: 'Your request is closed: {what}',
          values: { what },
        }),
        [i18n._({ id: 'mail.request.closed', message: 'Your request has been closed.' })],
        action,
      )
    case 'expired':
      return compose(
        to,
        i18n._({
          id: 'mail.request.expired.subject',
          message: 'Your offer has expired: {what}',
          values: { what },
        }),
        [
          i18n._({
            id: 'mail.request.expired',
            message: 'The offer for your request has expired and can no longer be accepted.',
          }),
        ],
        action,
      )
  }
}

/** Our team asks the customer to verify (docs/product/staff.md#verification-requests). */
export function verificationRequestedMessage(
  to: MailRecipient,
  kind: 'kyc' | 'kyb',
  note: string,
  link: string,
): MailMessage {
  const i18n = mailI18n(to.locale)
  return compose(
    to,
    kind === 'kyc'
      ? i18n._({ id: 'mail.verification.kyc.subject', message: 'Please verify your identity' })
      : i18n._({ id: 'mail.verification.kyb.subject', message: 'Please verify your business' }),
    [
      kind === 'kyc'
        ? i18n._({
            id: 'mail.verification.kyc.ask',
            message: 'Our team asks you to verify your identity. Their note for you:',
          })
        : i18n._({
            id: 'mail.verification.kyb.ask',
            message: 'Our team asks you to verify your business. Their note for you:',
          }),
      note,
      i18n._({
        id: 'mail.verification.open',
        message: 'Open the verification page in your account to start.',
      }),
    ],
    {
      label: i18n._({ id: 'mail.verification.action', message: 'Go to verification' }),
      url: link,
    },
  )
}
