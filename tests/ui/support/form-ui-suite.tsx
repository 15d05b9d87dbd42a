import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { AnyStateMachine } from 'xstate'
import type { FieldValue } from '../../../src/machines/forms/validation'
import type { FormFailure, FormFixture } from '../../../src/flows/fixtures/forms'
import { createFormPathModel } from '../../support/form-model'
import { runAllPaths, statesWithoutAssertion, type PathRunner } from '../../support/model-paths'
import { json, problem, type FakeApi } from './fake-api'
import { renderApp, type RenderedApp } from './render-app'

export interface FormScreen<TValues extends Record<string, FieldValue>> {
  /** The machine the screen runs, and the fixture its paths come from. */
  machine: AnyStateMachine
  fixture: FormFixture<TValues>
  path: string
  /** The API call the form makes. */
  call: { method: string; path: string }
  /** The body that call must carry for the fixture's valid values. */
  expectedBody: unknown
  /** The success answer of that call. */
  success: () => Response
  /** Each field's label on the screen. */
  labels: Record<keyof TValues & string, string>
  submitLabel: string
  /** The screen's heading while the form is shown. */
  heading: string
  /** The text the customer sees for a failure with this errorType. */
  failureText: (errorType: string) => string | RegExp
  /**
   * Each field's JSON pointer in the request body, for failures that name fields (the fixture's
   * `fields`): the fake server answers them as the real one does, `errors` with `weak-password`.
   */
  pointers?: Partial<Record<keyof TValues & string, string>>
  /** What the customer sees once the form succeeded. */
  afterSuccess: (app: RenderedApp) => Promise<void>
  prepare?: (api: FakeApi) => void
}

/** Runs a form machine's generated paths through the real screen, as a customer would. */
export function formUiSuite<TValues extends Record<string, FieldValue>>(
  title: string,
  screenDef: FormScreen<TValues>,
) {
  describe(title, () => {
    const pm = createFormPathModel(screenDef.machine, screenDef.fixture)
    const machineId = screenDef.machine.id

    const fieldOf = (field: string) => {
      const label = screenDef.labels[field as keyof TValues & string]
      return screen.getByLabelText(label)
    }
    const errorShownFor = (field: string) => {
      const input = fieldOf(field)
      const id = input.getAttribute('aria-describedby')
      return id ? (document.getElementById(id)?.textContent ?? null) : null
    }
    const submitButton = () => screen.getByRole('button', { name: screenDef.submitLabel })
    /** The server's 400 for a failure that names fields, as server/auth/password-strength.ts answers. */
    const refusal = (errorType: string, fields: Record<string, string>) =>
      json(400, {
        type: 'about:blank',
        title: 'Bad Request',
        status: 400,
        detail: 'The request is not valid.',
        errorType,
        errors: Object.entries(fields).map(([field, message]) => ({
          field: screenDef.pointers?.[field as keyof TValues & string] ?? `/${field}`,
          code: 'weak-password',
          message,
        })),
      })

    const runner: PathRunner<AnyStateMachine, RenderedApp> = {
      async setup(inspect) {
        const app = await renderApp(screenDef.path)
        app.api.hold(screenDef.call.method, screenDef.call.path)
        screenDef.prepare?.(app.api)
        app.probe.record(machineId, inspect)
        await screen.findByRole('heading', { name: screenDef.heading })
        return app
      },
      async event(app, event) {
        const { method, path } = screenDef.call
        if (event.type === 'field.change') {
          const { field, value } = event as unknown as { field: string; value: FieldValue }
          const input = fieldOf(field) as HTMLInputElement
          if (typeof value === 'boolean') {
            if (input.checked !== value) await app.user.click(input)
          } else {
            await app.user.clear(input)
            if (typeof value === 'string' && value) await app.user.type(input, value)
          }
        } else if (event.type === 'form.submit') {
          await app.user.click(submitButton())
        } else if (event.type === 'xstate.done.actor.submit') {
          expect(app.api.last(method, path)?.body).toEqual(screenDef.expectedBody)
          await app.api.answer(method, path, screenDef.success())
        } else if (event.type === 'xstate.error.actor.submit') {
          const { error } = event as unknown as { error: FormFailure }
          await app.api.answer(
            method,
            path,
            error.fields ? refusal(error.errorType, error.fields) : problem(error.errorType),
          )
        }
      },
      snapshot: (app) => app.probe.actor(machineId).getSnapshot() as never,
      settleMs: 2000,
      states: {
        editing: (app, snapshot) => {
          const { errors, values } = (
            snapshot as {
              context: { errors: Record<string, string>; values: Record<string, FieldValue> }
            }
          ).context
          expect(screen.getByRole('heading', { name: screenDef.heading })).toBeTruthy()
          for (const field of Object.keys(screenDef.labels)) {
            expect(errorShownFor(field)).toBe(errors[field] ?? null)
            // What the customer typed is still there, a server's reason or not.
            const input = fieldOf(field) as HTMLInputElement
            const value = values[field]
            if (typeof value === 'boolean') expect(input.checked).toBe(value)
            else expect(input.value).toBe(value ?? '')
          }
          expect(screen.queryByRole('alert')).toBeNull()
          expect((submitButton() as HTMLButtonElement).disabled).toBe(false)
          expect(app.pathname()).toBe(screenDef.path)
        },
        submitting: () => {
          expect((submitButton() as HTMLButtonElement).disabled).toBe(true)
          expect(screen.queryByRole('alert')).toBeNull()
          for (const field of Object.keys(screenDef.labels)) expect(errorShownFor(field)).toBeNull()
        },
        failure: (_app, snapshot) => {
          const { errorType } = (snapshot as { context: { errorType: string } }).context
          expect(
            within(screen.getByRole('alert')).getByText(screenDef.failureText(errorType)),
          ).toBeTruthy()
          expect((submitButton() as HTMLButtonElement).disabled).toBe(false)
        },
        success: async (app) => {
          await screenDef.afterSuccess(app)
        },
      },
      teardown: (app) => {
        app.unmount()
        window.localStorage.clear()
      },
    }

    it('has an assertion for every state', () => {
      expect(statesWithoutAssertion(pm, runner.states)).toEqual([])
    })

    it('takes every state and transition through the screen', async () => {
      const report = await runAllPaths(pm, runner, 'ui')
      expect(report.states.missing).toEqual([])
      expect(report.transitions.missing).toEqual([])
    }, 60_000)
  })
}

export { json }
