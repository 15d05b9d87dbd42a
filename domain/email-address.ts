/**
 * What an e-mail address is, for every form and every request: one mailbox written as the HTML
 * standard's "valid e-mail address" (the rule of `<input type="email">`) — a local part of
 * letters, digits and !#$%&'*+/=?^_`{|}~.- , an '@', and a domain of dot-separated labels.
 * A display name ("Anna" <a@x>), a list (a@x, b@y), whitespace, quotes and control characters
 * cannot match, so an address can never carry a second recipient or a header line.
 * openapi/main.yaml's `Email` schema holds the same pattern (a test keeps them equal).
 */
export const emailPattern =
  "^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$"

/** The longest address SMTP can carry (RFC 5321 path limit less the angle brackets). */
export const emailMaxLength = 254

const mailbox = new RegExp(emailPattern)

export function isEmailAddress(value: string): boolean {
  return value.length <= emailMaxLength && mailbox.test(value)
}
