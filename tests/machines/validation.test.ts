import { describe, expect, it } from 'vitest'
import { loginSchema } from '../../src/machines/forms/login-form.machine'
import { registerSchema } from '../../src/machines/forms/register-form.machine'
import { forgotPasswordSchema } from '../../src/machines/forms/forgot-password-form.machine'
import { newPasswordSchema } from '../../src/machines/forms/new-password-form.machine'
import { validateField, validateForm } from '../../src/machines/forms/validation'

describe('general form rules (docs/product/validation.md#general-form-rules)', () => {
  it('gives the spec’s messages', () => {
    expect(validateField({ label: 'Email', kind: 'text', required: true }, '')).toBe(
      'Required field',
    )
    expect(validateField({ label: 'Email', kind: 'text', required: true }, '   ')).toBe(
      'Required field',
    )
    expect(validateField({ label: 'Name', kind: 'text', min: 3 }, 'ab')).toBe('Min 3 characters')
    expect(validateField({ label: 'Name', kind: 'text', max: 4 }, 'abcde')).toBe('Max 4 characters')
    expect(validateField({ label: 'Amount', kind: 'number' }, '12a')).toBe(
      'Amount must be a number',
    )
    expect(validateField({ label: 'Amount', kind: 'number' }, '12.5')).toBeUndefined()
    expect(validateField({ label: 'Email', kind: 'email' }, 'ann.example.com')).toBe(
      'Email must be an email',
    )
    // One mailbox, as the server takes it (decision 042): no display name, list or whitespace.
    expect(validateField({ label: 'Email', kind: 'email' }, 'a@b')).toBeUndefined()
    expect(
      validateField({ label: 'Email', kind: 'email' }, "o'hara+fx@mail.example.com"),
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
      expect(validateField({ label: 'Email', kind: 'email' }, smuggled), smuggled).toBe(
        'Email must be an email',
      )
    expect(validateField({ label: 'Accept rules', kind: 'checkbox', required: true }, false)).toBe(
      'Accept rules must be checked',
    )
    expect(validateField({ label: 'Countries', kind: 'array', required: true }, [])).toBe(
      'Countries must be selected',
    )
    expect(validateField({ label: 'Note', kind: 'text' }, '')).toBeUndefined()
  })

  it('applies each form’s rules (docs/product/validation.md#per-form)', () => {
    expect(validateForm(loginSchema, { email: 'ab', password: '12345' })).toEqual({
      email: 'Min 3 characters',
      password: 'Min 6 characters',
    })
    // Login: no e-mail format rule, only the length.
    expect(validateForm(loginSchema, { email: 'abc', password: '123456' })).toEqual({})
    expect(
      validateForm(registerSchema, { email: 'ann', password: '', acceptRules: false }),
    ).toEqual({
      email: 'Email must be an email',
      password: 'Required field',
      acceptRules: 'Accept rules must be checked',
    })
    expect(validateForm(forgotPasswordSchema, { email: 'a@' })).toEqual({
      email: 'Min 3 characters',
    })
    expect(validateForm(newPasswordSchema, { password: 'x'.repeat(129) })).toEqual({
      password: 'Max 128 characters',
    })
    expect(validateForm(newPasswordSchema, { password: 'secret' })).toEqual({})
  })
})
