import { setupI18n } from '@lingui/core'
import { describe, expect, it } from 'vitest'
import { loginSchema } from '../../src/machines/forms/login-form.machine'
import { registerSchema } from '../../src/machines/forms/register-form.machine'
import { forgotPasswordSchema } from '../../src/machines/forms/forgot-password-form.machine'
import { newPasswordSchema } from '../../src/machines/forms/new-password-form.machine'
import type { AccountRuleMessage, RuleMessage } from '../../src/machines/forms/rule-message'
import { validateField, validateForm } from '../../src/machines/forms/validation'
import { fieldMessage } from '../../src/ui/account/field-messages'
import { english } from '../../src/ui/account/english'
import { ruleText } from '../../src/ui/field-messages'
import { englishRule } from '../support/rule-texts'

const REQUIRED: RuleMessage = { rule: 'required' }
const EMAIL: RuleMessage = { rule: 'email', field: 'email' }
const CHECKED: RuleMessage = { rule: 'checked', field: 'acceptRules' }

describe('general form rules (docs/product/validation.md#general-form-rules)', () => {
  it('gives the spec’s messages, as codes', () => {
    expect(validateField({ label: 'email', kind: 'text', required: true }, '')).toEqual(REQUIRED)
    expect(validateField({ label: 'email', kind: 'text', required: true }, '   ')).toEqual(REQUIRED)
    expect(validateField({ label: 'firstName', kind: 'text', min: 3 }, 'ab')).toEqual({
      rule: 'min',
      count: 3,
    })
    expect(validateField({ label: 'firstName', kind: 'text', max: 4 }, 'abcde')).toEqual({
      rule: 'max',
      count: 4,
    })
    expect(validateField({ label: 'phone', kind: 'number' }, '12a')).toEqual({
      rule: 'number',
      field: 'phone',
    })
    expect(validateField({ label: 'phone', kind: 'number' }, '12.5')).toBeUndefined()
    expect(validateField({ label: 'email', kind: 'email' }, 'ann.example.com')).toEqual(EMAIL)
    // One mailbox, as the server takes it (decision 042): no display name, list or whitespace.
    expect(validateField({ label: 'email', kind: 'email' }, 'a@b')).toBeUndefined()
    expect(
      validateField({ label: 'email', kind: 'email' }, "o'hara+fx@mail.example.com"),
    ).toBeUndefined()
    for (const smuggled of [
      'victim@x.com, attacker@evil.com',
      '"victim@x.com" <attacker@evil.com>',
      'victim@x.com\r\nBcc: attacker@evil.com',
      ' anna@example.com',
      'anna@example.com ',
      'anna@exa mple.com',
      'anna@@example.com',
    ])
      expect(validateField({ label: 'email', kind: 'email' }, smuggled), smuggled).toEqual(EMAIL)
    expect(
      validateField({ label: 'acceptRules', kind: 'checkbox', required: true }, false),
    ).toEqual(CHECKED)
    expect(validateField({ label: 'country', kind: 'array', required: true }, [])).toEqual({
      rule: 'selected',
      field: 'country',
    })
    expect(validateField({ label: 'lastName', kind: 'text' }, '')).toBeUndefined()
  })

  it('applies each form’s rules (docs/product/validation.md#per-form)', () => {
    expect(validateForm(loginSchema, { email: 'ab', password: '12345' })).toEqual({
      email: { rule: 'min', count: 3 },
      password: { rule: 'min', count: 6 },
    })
    // Login: no e-mail format rule, only the length.
    expect(validateForm(loginSchema, { email: 'abc', password: '123456' })).toEqual({})
    expect(
      validateForm(registerSchema, { email: 'ann', password: '', acceptRules: false }),
    ).toEqual({
      email: EMAIL,
      password: REQUIRED,
      acceptRules: CHECKED,
    })
    expect(validateForm(forgotPasswordSchema, { email: 'a@' })).toEqual({
      email: { rule: 'min', count: 3 },
    })
    expect(validateForm(newPasswordSchema, { password: 'x'.repeat(129) })).toEqual({
      password: { rule: 'max', count: 128 },
    })
    expect(validateForm(newPasswordSchema, { password: 'secret' })).toEqual({})
  })
})

describe('the messages in the spec’s English words (issue 30: the views render the codes)', () => {
  const rules: RuleMessage[] = [
    REQUIRED,
    { rule: 'min', count: 6 },
    { rule: 'max', count: 128 },
    { rule: 'number', field: 'phone' },
    EMAIL,
    CHECKED,
    { rule: 'selected', field: 'country' },
    { rule: 'totp-code' },
    { rule: 'recovery-code' },
    { rule: 'server', field: 'password', text: 'Too common: easy to guess' },
  ]
  const accountOnly: AccountRuleMessage[] = [
    { rule: 'phone-pattern' },
    { rule: 'country-pattern' },
    { rule: 'invalid', field: 'firstName' },
    { rule: 'name-not-saved' },
  ]
  const en = setupI18n({ locale: 'en', messages: { en: {} } })

  it('public pages and the customer area say each as the spec does', () => {
    expect(rules.map((rule) => ruleText(en, rule))).toEqual([
      'Required field',
      'Min 6 characters',
      'Max 128 characters',
      'Phone must be a number',
      'Email must be an email',
      'Accept rules must be checked',
      'Country must be selected',
      'Enter the 6 digits your app shows',
      'A recovery code has 10 letters or digits',
      'Too common: easy to guess',
    ])
    for (const rule of rules) expect(ruleText(en, rule)).toBe(englishRule(rule))
    for (const rule of [...rules, ...accountOnly])
      expect(fieldMessage(english, rule)).toBe(englishRule(rule))
    expect(accountOnly.map((rule) => fieldMessage(english, rule))).toEqual([
      'Phone needs at least 5 digits; it may contain spaces and an optional leading +',
      'Choose a country from the list',
      'First name is not valid',
      'The name could not be saved. Please try again.',
    ])
  })
})
