import { describe, expect, it } from 'vitest'
import { createActor, type AnyStateMachine } from 'xstate'
import { submitWith } from '../../src/machines/forms/form.machine'
import {
  forgotPasswordFormMachine,
  forgotPasswordSchema,
} from '../../src/machines/forms/forgot-password-form.machine'
import { loginFormMachine, loginSchema } from '../../src/machines/forms/login-form.machine'
import {
  newPasswordFormMachine,
  newPasswordSchema,
} from '../../src/machines/forms/new-password-form.machine'
import { registerFormMachine, registerSchema } from '../../src/machines/forms/register-form.machine'
import type { RuleMessage } from '../../src/machines/forms/rule-message'
import { validateForm, type FieldValue } from '../../src/machines/forms/validation'
import { DeferredQueue } from '../support/deferred'
import {
  forgotPasswordFixture,
  loginFixture,
  newPasswordFixture,
  registerFixture,
  type FormFixture,
} from '../../src/flows/fixtures/forms'
import { createFormPathModel, serverReasonsFor } from '../support/form-model'
import { runAllPaths, statesWithoutAssertion, type PathRunner } from '../support/model-paths'

interface FormActorLike {
  start(): unknown
  stop(): unknown
  send(event: unknown): void
  getSnapshot(): {
    value: unknown
    status: string
    context: {
      values: Record<string, FieldValue>
      errors: Record<string, RuleMessage>
      errorType: string | null
    }
    matches(v: string): boolean
  }
}

function formSuite<TValues extends Record<string, FieldValue>>(
  name: string,
  machine: AnyStateMachine,
  fixture: FormFixture<TValues>,
) {
  describe(`${name} (docs/product/flows.md#form-chart, docs/product/validation.md#per-form)`, () => {
    const pm = createFormPathModel(machine, fixture)
    interface Ctx {
      actor: FormActorLike
      outcomes: DeferredQueue<unknown>
      inputs: unknown[]
      submitted: unknown[]
    }
    const runner: PathRunner<AnyStateMachine, Ctx> = {
      setup(inspect) {
        const outcomes = new DeferredQueue<unknown>()
        const inputs: unknown[] = []
        const submitted: unknown[] = []
        const logic = machine.provide({
          actors: {
            submit: submitWith((values: TValues) => {
              inputs.push(values)
              return outcomes.next()
            }),
          },
          actions: {
            submitted: (_: unknown, params: { output: unknown }) => {
              submitted.push(params.output)
            },
          },
        })
        const actor = createActor(logic, { inspect }) as unknown as FormActorLike
        actor.start()
        return { actor, outcomes, inputs, submitted }
      },
      async event(ctx, event) {
        if (event.type === 'xstate.done.actor.submit') ctx.outcomes.latest.resolve(fixture.output)
        else if (event.type === 'xstate.error.actor.submit')
          ctx.outcomes.latest.reject((event as unknown as { error: unknown }).error)
        else ctx.actor.send(event)
        await new Promise((r) => setTimeout(r, 0))
      },
      snapshot: (ctx) => ctx.actor.getSnapshot() as never,
      states: {
        editing: (ctx) => {
          const { values, errors } = ctx.actor.getSnapshot().context
          // Every message shown is the rule's own message for the current value, or the server's
          // reason for the value it was sent (nothing typed is lost), or cleared.
          const now = validateForm(fixture.schema, values as TValues) as Record<string, RuleMessage>
          const sent = ctx.inputs.at(-1) as Record<string, FieldValue> | undefined
          for (const [field, message] of Object.entries(errors)) {
            if (message.rule === 'server') {
              // The server's reason, kept as it came, for the value it was sent.
              expect(serverReasonsFor(fixture.failures, field)).toContain(message.text)
              expect(message.field).toBe(field)
              expect(values[field]).toEqual(sent?.[field])
              expect(ctx.submitted).toEqual([])
            } else expect(now[field]).toEqual(message)
          }
        },
        submitting: (ctx) => {
          expect(ctx.inputs.at(-1)).toEqual(ctx.actor.getSnapshot().context.values)
          expect(validateForm(fixture.schema, ctx.inputs.at(-1) as TValues)).toEqual({})
          expect(ctx.actor.getSnapshot().context.errors).toEqual({})
        },
        failure: (ctx) => {
          const { errorType } = ctx.actor.getSnapshot().context
          expect(fixture.failures.map((f) => f.errorType)).toContain(errorType)
          expect(ctx.submitted).toEqual([])
        },
        success: (ctx) => {
          expect(ctx.actor.getSnapshot().status).toBe('done')
          if (name !== 'forgot-password form') expect(ctx.submitted).toEqual([fixture.output])
        },
      },
      teardown: (ctx) => {
        ctx.actor.stop()
      },
    }

    it('has an assertion for every state', () => {
      expect(statesWithoutAssertion(pm, runner.states)).toEqual([])
    })

    it('takes every state and transition on generated paths', async () => {
      const report = await runAllPaths(pm, runner, 'machine')
      expect(report.states.missing).toEqual([])
      expect(report.transitions.missing).toEqual([])
    })
  })
}

formSuite('login form', loginFormMachine, { schema: loginSchema, ...loginFixture })
formSuite('register form', registerFormMachine, { schema: registerSchema, ...registerFixture })
formSuite('forgot-password form', forgotPasswordFormMachine, {
  schema: forgotPasswordSchema,
  ...forgotPasswordFixture,
})
formSuite('new-password form', newPasswordFormMachine, {
  schema: newPasswordSchema,
  ...newPasswordFixture,
})

describe('a form without its submit actor', () => {
  it('ends a submit in failure: the default actor throws', async () => {
    const actor = createActor(loginFormMachine).start()
    actor.send({ type: 'field.change', field: 'email', value: 'ann@example.com' })
    actor.send({ type: 'field.change', field: 'password', value: 'correct-horse' })
    actor.send({ type: 'form.submit' })
    await new Promise((r) => setTimeout(r, 0))
    expect(actor.getSnapshot().matches('failure')).toBe(true)
  })
})
