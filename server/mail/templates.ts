import type { MailMessage } from './outbox.ts'

export const productName = 'Vistula Exchange'

function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  )
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
  return { to, subject: `${subject} — ${productName}`, text, html }
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

export function passwordChangedMessage(to: string, resetUrl: string): MailMessage {
  return compose(to, 'Your password was changed', [
    `The password of your ${productName} account was just changed, and every device that was logged in has been logged out.`,
    `If you did not do this, reset your password at once at ${resetUrl} and contact our support.`,
  ])
}
