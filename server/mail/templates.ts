import { FEE_THRESHOLD, feePercent } from '../../domain/exchange-rules.ts'
import type { QuoteCalculation } from '../../domain/quote.ts'
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

/** Builds the text and HTML bodies from the same paragraphs, with at most one call to action. */
function compose(
  to: string,
  subject: string,
  paragraphs: string[],
  action?: { label: string; url: string },
): MailMessage {
  const closing = `— The ${productName} team`
  const text = [
    'Hello,',
    ...paragraphs,
    ...(action ? [`${action.label}: ${action.url}`] : []),
    closing,
  ].join('\n\n')
  const html = [
    '<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#0b1f3a;line-height:1.5">',
    '<p>Hello,</p>',
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    ...(action
      ? [
          `<p><a href="${escapeHtml(action.url)}" style="display:inline-block;padding:12px 20px;background:#0b1f3a;color:#fff;border-radius:8px;text-decoration:none">${escapeHtml(action.label)}</a></p>`,
          `<p style="font-size:13px;color:#5b6b80">If the button does not work, paste this address into your browser: ${escapeHtml(action.url)}</p>`,
        ]
      : []),
    `<p>${escapeHtml(closing)}</p>`,
    '</body></html>',
  ].join('')
  return { to: oneLine(to), subject: oneLine(`${subject} — ${productName}`), text, html }
}

export function verifyEmailMessage(to: string, link: string): MailMessage {
  return compose(
    to,
    'Confirm your e-mail address',
    [
      `Thank you for signing up with ${productName}. Please confirm that this is your e-mail address so you can log in.`,
      'The link works once and expires in 24 hours. If you did not sign up, you can ignore this message.',
    ],
    { label: 'Confirm my e-mail', url: link },
  )
}

export function alreadyRegisteredMessage(
  to: string,
  loginUrl: string,
  resetUrl: string,
): MailMessage {
  return compose(to, 'Someone tried to sign up with your e-mail', [
    `Someone just tried to create a ${productName} account with this e-mail address, which already has an account. No new account was created.`,
    `If it was you, log in at ${loginUrl}. If you forgot your password, you can reset it at ${resetUrl}.`,
    'If it was not you, no action is needed: your account is unchanged.',
  ])
}

export function resetPasswordMessage(to: string, link: string): MailMessage {
  return compose(
    to,
    'Reset your password',
    [
      `We received a request to reset the password of your ${productName} account.`,
      'The link works once and expires in 1 hour. If you did not ask for this, ignore this message: your password stays the same.',
    ],
    { label: 'Choose a new password', url: link },
  )
}

/** A staff invitation (docs/product/staff.md#staff-accounts): the link chooses the password. */
export function staffInvitationMessage(
  to: string,
  link: string,
  roles: readonly string[],
): MailMessage {
  return compose(
    to,
    'Your staff account',
    [
      `A staff account of ${productName} was created for this address, with the roles: ${roles.join(', ')}.`,
      'Choose your password with the link below; it works once and expires in 24 hours. Then sign in and set up a passkey or an authenticator app: staff cannot use the console without one.',
    ],
    { label: 'Choose your password', url: link },
  )
}

/**
 * After an address registered more than once was confirmed (docs/decisions/080): no registration's
 * password was kept, and the link (a reset link) lets the owner choose one.
 */
export function choosePasswordMessage(to: string, link: string, resetUrl: string): MailMessage {
  return compose(
    to,
    'Choose your password',
    [
      `Your e-mail address is confirmed. It had been used to sign up for ${productName} more than once, so to keep your account safe we did not keep the password from any of those sign-ups.`,
      'Choose the password for your account with the link below. The link works once and expires in 1 hour.',
      `If it expires, ask for a new one at ${resetUrl} (Forgot password).`,
    ],
    { label: 'Choose my password', url: link },
  )
}

/** The session a security notice is about: what it says of itself, all of it shown as text. */
export interface SessionFacts {
  /** A label read from the user agent ('Chrome on macOS'), never the raw header. */
  device: string
  ip: string
  at: Date
}

function sessionLines(facts: SessionFacts): string[] {
  const at = `${facts.at.toISOString().slice(0, 16).replace('T', ' ')} UTC`
  return [`Device: ${oneLine(facts.device)}`, `IP address: ${oneLine(facts.ip)}`, `Time: ${at}`]
}

const endSessionLabel = 'End that session'

/**
 * After a password change. From a signed-in session (changePassword) the notice names it and
 * links to ending it; after a reset by e-mail there is no session, and so no link.
 */
export function passwordChangedMessage(
  to: string,
  resetUrl: string,
  bySession?: { facts: SessionFacts; endSessionUrl: string },
): MailMessage {
  if (!bySession)
    return compose(to, 'Your password was changed', [
      `The password of your ${productName} account was just changed, and every device that was logged in has been logged out.`,
      `If you did not do this, reset your password at once at ${resetUrl} and contact our support.`,
    ])
  return compose(
    to,
    'Your password was changed',
    [
      `The password of your ${productName} account was just changed from a signed-in session, and every other device has been logged out. The change was made from:`,
      ...sessionLines(bySession.facts),
      `If you did not do this, end that session with the link below, then reset your password at ${resetUrl} and contact our support.`,
    ],
    { label: endSessionLabel, url: bySession.endSessionUrl },
  )
}

/** A sign-in from a device (user agent) this account had not signed in from before. */
export function newSignInMessage(
  to: string,
  facts: SessionFacts,
  endSessionUrl: string,
  resetUrl: string,
): MailMessage {
  return compose(
    to,
    'New sign-in to your account',
    [
      `Your ${productName} account was just signed in to from a device it had not been used on before:`,
      ...sessionLines(facts),
      'If this was you, there is nothing to do.',
      `If it was not you, end that session with the link below, then reset your password at ${resetUrl}.`,
    ],
    { label: endSessionLabel, url: endSessionUrl },
  )
}

/**
 * The password was right but the second step failed (a wrong code, passkey or recovery code):
 * somebody may know the password. One per burst (issue 25 finding 5); no session exists to end.
 */
export function secondStepFailedMessage(
  to: string,
  facts: SessionFacts,
  resetUrl: string,
): MailMessage {
  return compose(
    to,
    'Your password was used, but the second step failed',
    [
      `Somebody signed in to your ${productName} account with the right password, then gave a wrong code or passkey at the second step, so they were not let in:`,
      ...sessionLines(facts),
      'If this was you, there is nothing to do.',
      'If it was not you, your password is known to somebody else: choose a new one with the link below. Your second factor kept them out.',
    ],
    { label: 'Choose a new password', url: resetUrl },
  )
}

/**
 * A second factor added or removed; `what` names it ('an authenticator app', 'the passkey
 * "MacBook"'), a passkey's name being the customer's own text, so it stays on one line.
 */
export function factorChangedMessage(
  to: string,
  change: 'added' | 'removed',
  what: string,
  facts: SessionFacts,
  endSessionUrl: string,
  resetUrl: string,
): MailMessage {
  const named = oneLine(what).slice(0, 200)
  return compose(
    to,
    change === 'added'
      ? 'A second factor was added to your account'
      : 'A second factor was removed from your account',
    [
      change === 'added'
        ? `A way to confirm sign-ins was just added to your ${productName} account: ${named}. Every other device has been logged out.`
        : `A way to confirm sign-ins was just removed from your ${productName} account: ${named}. Every other device has been logged out.`,
      'The change was made from:',
      ...sessionLines(facts),
      `If you did not do this, end that session with the link below, then reset your password at ${resetUrl} and contact our support.`,
    ],
    { label: endSessionLabel, url: endSessionUrl },
  )
}

/**
 * The figures of a quote, as decimal strings computed by domain/quote.ts and stored (`rate` and
 * `received` are absent when no market rate was available), and when the rate was read.
 */
export interface QuoteFigures extends QuoteCalculation {
  at: string
}

/** The fee tiers of domain/exchange-rules.ts in words: '4% below 10,000; 1.1% from 10,000'. */
const feeThreshold = FEE_THRESHOLD.replace(/\B(?=(\d{3})+$)/g, ',')
const feeTiers = `${feePercent('0')} below ${feeThreshold}; ${feePercent(FEE_THRESHOLD)} from ${feeThreshold}`

function quoteLines(q: QuoteFigures): string[] {
  if (!q.rate || q.received === undefined)
    return [
      `You pay: ${q.amount} ${q.fromCurrency}`,
      `You receive: ${q.toCurrency}`,
      'We could not fetch a current market rate just now, so a manager will send you the calculation personally.',
    ]
  return [
    `You pay: ${q.amount} ${q.fromCurrency}`,
    `Rate: ${q.rate.text} (market data, ${q.at})`,
    `Fee: ${q.feePercent} (${feeTiers} ${q.fromCurrency})`,
    `You receive (estimate): ${q.received} ${q.toCurrency}`,
  ]
}

/**
 * The calculation goes to the contact address the customer typed, which nobody has verified: it
 * holds the calculation and the name of the account that asked, nothing else of the account.
 */
export function quoteCalculationMessage(
  to: string,
  figures: QuoteFigures,
  verificationUrl: string,
  requestedBy: string,
): MailMessage {
  return compose(
    to,
    `Your personal quote: ${figures.amount} ${figures.fromCurrency} to ${figures.toCurrency}`,
    [
      `Thank you for requesting a personal quote from ${productName}. Here is your personalised calculation:`,
      ...quoteLines(figures),
      'The final rate is fixed when the transaction is made; a manager will contact you to confirm the details.',
      'Verification is mandatory before the transaction: start it right away in your account.',
      `This quote was requested from the ${productName} account ${requestedBy}. If you did not ask for it, ignore this e-mail.`,
    ],
    { label: 'Go to Verification', url: verificationUrl },
  )
}

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
  const orDash = (value: string) => (value.trim() === '' ? '—' : value)
  return compose(
    to,
    `New quote request: ${figures.amount} ${figures.fromCurrency} to ${figures.toCurrency}`,
    [
      `A customer asked for a personal quote (request ${request.id}).`,
      `Account: ${request.accountEmail}`,
      `Contact: ${[request.name, request.email, request.phone, request.country].map((v) => orDash(oneLine(v))).join(', ')}`,
      ...(figures.rate
        ? ['Calculation sent to the customer:', ...quoteLines(figures)]
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
  to: string,
  request: { id: string; amount: string; fromCurrency: string; toCurrency: string },
  news: RequestNews,
  link: string,
): MailMessage {
  const what = `${request.amount} ${request.fromCurrency} to ${request.toCurrency}`
  const action = { label: 'View your request', url: link }
  switch (news.kind) {
    case 'offer': {
      const o = news.offer
      return compose(
        to,
        `Your offer is ready: ${what}`,
        [
          `We have prepared an offer for your request of ${what}:`,
          [
            `Rate: 1 ${request.toCurrency} = ${o.rate} ${request.fromCurrency}`,
            `You pay: ${o.amountPaid} ${request.fromCurrency}`,
            `Fee (${o.feePercent}): ${o.fee} ${request.fromCurrency}`,
            `You receive: ${o.amountReceived} ${request.toCurrency}`,
            `Valid until: ${o.validUntil.slice(0, 16).replace('T', ' ')} UTC`,
          ].join('\n'),
          'Accept or decline it in your account before it expires.',
        ],
        action,
      )
    }
    case 'question':
      return compose(
        to,
        `A question about your request: ${what}`,
        ['Our team has a question about your request. Please answer it in your account.'],
        action,
      )
    case 'completed':
      return compose(
        to,
        `Your request is completed: ${what}`,
        ['Your request is completed.'],
        action,
      )
    case 'closed':
      return compose(
        to,
        `Your request is closed: ${what}`,
        ['Your request has been closed.'],
        action,
      )
    case 'expired':
      return compose(
        to,
        `Your offer has expired: ${what}`,
        ['The offer for your request has expired and can no longer be accepted.'],
        action,
      )
  }
}

/** Our team asks the customer to verify (docs/product/staff.md#verification-requests). */
export function verificationRequestedMessage(
  to: string,
  kind: 'kyc' | 'kyb',
  note: string,
  link: string,
): MailMessage {
  const what = kind === 'kyc' ? 'your identity' : 'your business'
  return compose(
    to,
    kind === 'kyc' ? 'Please verify your identity' : 'Please verify your business',
    [
      `Our team asks you to verify ${what}. Their note for you:`,
      note,
      'Open the verification page in your account to start.',
    ],
    { label: 'Go to verification', url: link },
  )
}
