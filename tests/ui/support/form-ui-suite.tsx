import { screen, within } from '@testing-library/react'
import { beforeAll, describe, expect, it } from 'vitest'
import type { AnyStateMachine } from 'xstate'
import type { Locale } from '../../../domain/locale'
import { pathInLocale } from '../../../src/i18n/public-paths'
import type { RuleMessage } from '../../../src/machines/forms/rule-message'
import type { FieldValue } from '../../../src/machines/forms/validation'
import type { FormFailure, FormFixture, FormSnapshot } from '../../../src/flows/fixtures/forms'
import { createFormPathModel } from '../../support/form-model'
import {
  coveringPaths,
  runAllPaths,
  statesWithoutAssertion,
  type ModelPath,
  type PathRunner,
} from '../../support/model-paths'
import { englishRule, ruleSource } from '../../support/rule-texts'
import { catalogText, type CatalogText } from './catalog-text'
import { json, problem, type FakeApi } from './fake-api'
import { renderApp, type RenderedApp } from './render-app'

/**
 * The language a run of the suite reads the screen in. The screen's texts are written in
 * English; `t` gives each in the run's language: as written in English, from the real Polish
 * public catalog in Polish (issue 30).
 */
export interface FormLanguage {
  locale: Locale
  /** An English text of the public pages in this language. */
  t: (english: string) => string
  /** A public page's English address in this language ('/app/login' → '/pl/app/login'). */
  path: (english: string) => string
}

export interface FormScreen<TValues extends Record<string, FieldValue>> {
  /** The machine the screen runs, and the fixture its paths come from. */
  machine: AnyStateMachine
  fixture: FormFixture<TValues>
  path: string
  /** The API call the form makes. */
  call: { method: string; path: string }
  /** The body that call must carry for the fixture's valid values, from a page in `language`. */
  expectedBody: (language: FormLanguage) => unknown
  /** The success answer of that call. */
  success: () => Response
  /** Each field's label on the screen (in English, like the texts below). */
  labels: Record<keyof TValues & string, string>
  submitLabel: string
  /** The screen's heading while the form is shown. */
  heading: string
  /** The text the customer sees for a failure with this errorType. */
  failureText: (errorType: string) => string
  /**
   * Each field's JSON pointer in the request body, for failures that name fields (the fixture's
   * `fields`): the fake server answers them as the real one does, `errors` with `weak-password`.
   */
  pointers?: Partial<Record<keyof TValues & string, string>>
  /** What the customer sees once the form succeeded, in the run's language. */
  afterSuccess: (app: RenderedApp, language: FormLanguage) => Promise<void>
  prepare?: (api: FakeApi) => void
}

const english: FormLanguage = { locale: 'en', t: (text) => text, path: (path) => path }

/** The texts a form state shows besides its labels: each field's message, the failure's text. */
function textsShown(snapshot: FormSnapshot): string[] {
  const { errors, errorType } = snapshot.context
  return [
    ...Object.entries(errors).map(([field, message]) => `${field}: ${JSON.stringify(message)}`),
    ...(snapshot.matches('failure') ? [`failure: ${String(errorType)}`] : []),
  ]
}

/** Every text a path's states show. */
const textsOnPath = (path: ModelPath<AnyStateMachine>) =>
  path.steps.flatMap((step) => textsShown(step.state as unknown as FormSnapshot))

/**
 * Runs a form machine's generated paths through the real screen, as a customer would: every path
 * on the English page, and on the Polish page (under /pl) a set of paths that still takes every
 * state and transition, each text read from the Polish catalog.
 */
export function formUiSuite<TValues extends Record<string, FieldValue>>(
  title: string,
  screenDef: FormScreen<TValues>,
) {
  formUiRun(title, screenDef, 'en')
  formUiRun(`${title}, in Polish`, screenDef, 'pl')
}

function formUiRun<TValues extends Record<string, FieldValue>>(
  title: string,
  screenDef: FormScreen<TValues>,
  locale: Locale,
) {
  describe(title, () => {
    const all = createFormPathModel(screenDef.machine, screenDef.fixture)
    // Each path is a page's worth of typing: Polish takes the fewest that still take every state
    // and transition and show every message and failure text the English paths show.
    const pm = locale === 'en' ? all : coveringPaths(all, textsOnPath)
    const textsToShow = new Set(all.paths.flatMap(textsOnPath))
    const textsChecked = new Set<string>()
    const machineId = screenDef.machine.id
    let language = english
    let catalog: CatalogText | null = null
    beforeAll(async () => {
      if (locale === 'en') return
      const text = await catalogText(locale, 'public')
      catalog = text
      language = { locale, t: (source) => text(source), path: (path) => pathInLocale(path, locale) }
    })
    const t = (text: string) => language.t(text)
    /** A field's message as the page shows it in the run's language. */
    const ruleShown = (message: RuleMessage | undefined): string | null => {
      if (message === undefined) return null
      if (catalog === null) return englishRule(message)
      const { source, values, text } = ruleSource(message, t)
      return source === null ? (text ?? '') : catalog(source, values)
    }

    const fieldOf = (field: string) => {
      const label = screenDef.labels[field as keyof TValues & string]
      return screen.getByLabelText(t(label))
    }
    const errorShownFor = (field: string) => {
      const input = fieldOf(field)
      const id = input.getAttribute('aria-describedby')
      return id ? (document.getElementById(id)?.textContent ?? null) : null
    }
    const submitButton = () => screen.getByRole('button', { name: t(screenDef.submitLabel) })
    const heading = () => t(screenDef.heading)
    const path = () => language.path(screenDef.path)
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
        const app = await renderApp(path())
        app.api.hold(screenDef.call.method, screenDef.call.path)
        screenDef.prepare?.(app.api)
        app.probe.record(machineId, inspect)
        await screen.findByRole('heading', { name: heading() })
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
          expect(app.api.last(method, path)?.body).toEqual(screenDef.expectedBody(language))
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
              context: { errors: Record<string, RuleMessage>; values: Record<string, FieldValue> }
            }
          ).context
          expect(screen.getByRole('heading', { name: heading() })).toBeTruthy()
          for (const field of Object.keys(screenDef.labels)) {
            expect(errorShownFor(field)).toBe(ruleShown(errors[field]))
            // What the customer typed is still there, a server's reason or not.
            const input = fieldOf(field) as HTMLInputElement
            const value = values[field]
            if (typeof value === 'boolean') expect(input.checked).toBe(value)
            else expect(input.value).toBe(value ?? '')
          }
          expect(screen.queryByRole('alert')).toBeNull()
          expect((submitButton() as HTMLButtonElement).disabled).toBe(false)
          expect(app.pathname()).toBe(path())
          for (const text of textsShown(snapshot as unknown as FormSnapshot)) textsChecked.add(text)
        },
        submitting: () => {
          expect((submitButton() as HTMLButtonElement).disabled).toBe(true)
          expect(screen.queryByRole('alert')).toBeNull()
          for (const field of Object.keys(screenDef.labels)) expect(errorShownFor(field)).toBeNull()
        },
        failure: (_app, snapshot) => {
          const { errorType } = (snapshot as { context: { errorType: string } }).context
          expect(
            within(screen.getByRole('alert')).getByText(t(screenDef.failureText(errorType))),
          ).toBeTruthy()
          expect((submitButton() as HTMLButtonElement).disabled).toBe(false)
          for (const text of textsShown(snapshot as unknown as FormSnapshot)) textsChecked.add(text)
        },
        success: async (app) => {
          await screenDef.afterSuccess(app, language)
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
      // Every field message and failure text of the chart was read on the screen.
      expect([...textsToShow].filter((text) => !textsChecked.has(text))).toEqual([])
      expect(textsToShow.size).toBeGreaterThan(0)
    }, 60_000)
  })
}

export { json }
