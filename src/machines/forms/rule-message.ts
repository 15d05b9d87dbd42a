/**
 * A field's message as the machines keep it (issue 30, docs/product/languages.md): a code and its
 * figures, never a sentence. The views turn it into the page's language when they show it
 * (src/ui/field-messages.ts for the public pages, src/ui/account/field-messages.ts for the
 * customer's area), each in the words of docs/product/validation.md.
 */

/** The fields a message may name ('{field} must be an email'), as codes the views translate. */
export type FieldLabel =
  | 'email'
  | 'password'
  | 'acceptRules'
  | 'newPassword'
  | 'firstName'
  | 'lastName'
  | 'phone'
  | 'country'

/** A broken rule of any form, or a reason a server gave that the product cannot know in advance. */
export type RuleMessage =
  /** 'Required field' */
  | { rule: 'required' }
  /** 'Min 6 characters', 'Max 128 characters' */
  | { rule: 'min' | 'max'; count: number }
  /** '{field} must be a number / an email / checked / selected' */
  | { rule: 'number' | 'email' | 'checked' | 'selected'; field: FieldLabel }
  /** 'Enter the 6 digits your app shows' */
  | { rule: 'totp-code' }
  /** 'A recovery code has 10 letters or digits' */
  | { rule: 'recovery-code' }
  /** The server's own reason for a named field (a weak password's), shown as it came. */
  | { rule: 'server'; field: string; text: string }

/**
 * The customer area's messages besides the general rules: the profile's server refusals (the
 * phone's and country's patterns, a field the server finds not valid) and a passkey name that
 * could not be saved.
 */
export type AccountRuleMessage =
  | RuleMessage
  /** 'Phone needs at least 5 digits; it may contain spaces and an optional leading +' */
  | { rule: 'phone-pattern' }
  /** 'Choose a country from the list' */
  | { rule: 'country-pattern' }
  /** '{field} is not valid': a refusal the product has no words of its own for. */
  | { rule: 'invalid'; field: FieldLabel }
  /** 'The name could not be saved. Please try again.' */
  | { rule: 'name-not-saved' }

/** A server's reason for one field, kept as it came. */
export const serverReason = (field: string, text: string): RuleMessage => ({
  rule: 'server',
  field,
  text,
})
