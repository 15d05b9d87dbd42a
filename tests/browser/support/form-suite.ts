/**
 * A form machine's paths (src/machines/forms/form.machine.ts) through its real screen in Chromium
 * against the real server: the customer fills the fields and submits; the form's request is held
 * until the path's outcome, which the real server then gives, the request changed where the path's
 * outcome needs another account or value than the form's samples (each screen says how). Each
 * screen runs on its English page and on its Polish one (under /pl, issue 30), the Polish words
 * read from the Polish catalogs.
 */
import type { Request, Route } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AnyStateMachine } from 'xstate'
import type { Locale } from '../../../domain/locale'
import type { FormFailure, FormFixture, FormSnapshot } from '../../../src/flows/fixtures/forms'
import { pathInLocale } from '../../../src/i18n/public-paths'
import type { RuleMessage } from '../../../src/machines/forms/rule-message'
import type { FieldValue } from '../../../src/machines/forms/validation'
import { linkFromMailbox } from '../../e2e/support/mailbox'
import { createFormPathModel } from '../../support/form-model'
import {
  coveringPaths,
  runAllPaths,
  statesWithoutAssertion,
  type ModelPath,
} from '../../support/model-paths'
import { poCatalogText, poTextByEnglish } from '../../support/po-catalog'
import { englishRule, ruleSource } from '../../support/rule-texts'
import {
  browserRunner,
  describedText,
  eventually,
  openFlowPage,
  startBrowserLevel,
  within,
  type BrowserLevel,
  type FlowPage,
} from './flow-page'

/**
 * The language a run reads the screen in: the screens' texts are written in English, `t` gives
 * each in the run's language (from the real Polish public catalog in Polish).
 */
export interface FormLanguage {
  locale: Locale
  /** An English text of the public pages in this language. */
  t: (english: string) => string
  /** A public page's English address in this language ('/app/login' → '/pl/app/login'). */
  path: (english: string) => string
}

export interface FormCtx {
  flow: FlowPage<AnyStateMachine>
  level: BrowserLevel
  held: Route[]
  /** The path the page was opened at (a screen may open a link from the mailbox). */
  path: string
  language: FormLanguage
}

/** How the server is brought to give a path's outcome for the held request. */
export type Outcome =
  | { kind: 'as-sent' }
  | { kind: 'changed'; body: Record<string, unknown>; why: string }
  | { kind: 'answered'; status: number; body: unknown; why: string }

export interface BrowserFormScreen<TValues extends Record<string, FieldValue>> {
  machine: AnyStateMachine
  fixture: FormFixture<TValues>
  /** The screen's path; a function when it comes from the server (a link in an e-mail). */
  path: string | ((level: BrowserLevel) => Promise<string>)
  /** The path of the API call the form makes (POST). */
  call: string
  expectedBody: (ctx: FormCtx) => unknown
  /** Each field's label, the submit's, the heading and a failure's text, in English. */
  labels: Record<keyof TValues & string, string>
  submitLabel: string
  heading: string
  failureText: (errorType: string) => string
  /** What exists on the server before the paths run (accounts, used-up limits). */
  prepare?: (level: BrowserLevel) => Promise<void>
  /** How the real server gives the submit's success, or a failure of the fixture's. */
  outcome: (sent: Record<string, unknown>, failure: FormFailure | undefined) => Outcome
  /** What the customer sees once the form succeeded, in the run's language (`ctx.language`). */
  afterSuccess: (ctx: FormCtx) => Promise<void>
}

/** Posts JSON to the server as a script would (accounts made before the paths). */
export async function post(level: BrowserLevel, path: string, body: unknown): Promise<Response> {
  return fetch(level.url(path), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
}

/** An account registered and, when `confirmed`, its address confirmed through the mailbox link. */
export async function account(
  level: BrowserLevel,
  email: string,
  password: string,
  confirmed: boolean,
): Promise<void> {
  expect((await post(level, '/api/auth/register', { email, password })).ok).toBe(true)
  if (!confirmed) return
  const link = await linkFromMailbox(level.server.url, email, '/app/verify-email/')
  const token = link.split('/app/verify-email/')[1] ?? ''
  expect((await fetch(level.url(`/api/auth/verify-email?token=${token}`))).ok).toBe(true)
}

const english: FormLanguage = { locale: 'en', t: (text) => text, path: (path) => path }

/**
 * The texts of a form state that the server's answer decides: the failure's, and a field's reason
 * the server gave (a weak password's, in the page's language). The rules' own messages are the
 * browser's; the UI level reads every one of them in both languages.
 */
function textsShown(snapshot: FormSnapshot): string[] {
  const { errors, errorType } = snapshot.context
  return [
    ...Object.entries(errors)
      .filter(([, message]) => message?.rule === 'server')
      .map(([field, message]) => `${field}: ${JSON.stringify(message)}`),
    ...(snapshot.matches('failure') ? [`failure: ${String(errorType)}`] : []),
  ]
}

/** Every such text a path's states show. */
const textsOnPath = (path: ModelPath<AnyStateMachine>) =>
  path.steps.flatMap((step) => textsShown(step.state as unknown as FormSnapshot))

/**
 * The fixture as a page in `locale` meets it: the real server gives a field's reason (a weak
 * password's) in the page's language, from the problems catalog (src/locales/<locale>/problems.po).
 */
function fixtureIn<TValues extends Record<string, FieldValue>>(
  fixture: FormFixture<TValues>,
  locale: Locale,
): FormFixture<TValues> {
  if (locale === 'en') return fixture
  return {
    ...fixture,
    failures: fixture.failures.map((failure) =>
      failure.fields
        ? {
            ...failure,
            fields: Object.fromEntries(
              Object.entries(failure.fields).map(([field, reason]) => [
                field,
                poTextByEnglish(locale, 'problems', reason),
              ]),
            ),
          }
        : failure,
    ),
  }
}

/**
 * Runs a form machine's paths through its screen in Chromium, on one server and browser: on the
 * English page, then on the Polish page (its words from the Polish catalogs); each the fewest
 * paths that still take every state and transition and show every failure text and server's
 * reason of the chart. Every field message a path shows is compared in the page's language.
 */
export function browserFormSuite<TValues extends Record<string, FieldValue>>(
  title: string,
  screenDef: BrowserFormScreen<TValues>,
) {
  describe(title, () => {
    let level: BrowserLevel | undefined
    beforeAll(async () => {
      level = await startBrowserLevel()
      await screenDef.prepare?.(level)
    })
    afterAll(async () => {
      await level?.close()
    })
    const started = () => {
      if (!level) throw new Error('the browser level did not start')
      return level
    }
    browserFormRun(screenDef, 'en', started)
    describe('in Polish', () => {
      browserFormRun(screenDef, 'pl', started)
    })
  })
}

function browserFormRun<TValues extends Record<string, FieldValue>>(
  screenDef: BrowserFormScreen<TValues>,
  locale: Locale,
  started: () => BrowserLevel,
) {
  // A Polish page's words, from the Polish public catalog by their English source.
  const catalog = locale === 'en' ? null : poCatalogText(locale, 'public')
  const language: FormLanguage = catalog
    ? { locale, t: (source) => catalog(source), path: (path) => pathInLocale(path, locale) }
    : english
  const t = language.t
  // Each path is a page load: the fewest paths that still walk every state and transition and
  // show every failure text and server's reason of the chart.
  const all = createFormPathModel(screenDef.machine, fixtureIn(screenDef.fixture, locale))
  const pm = coveringPaths(all, textsOnPath)
  const textsToShow = new Set(all.paths.flatMap(textsOnPath))
  const textsChecked = new Set<string>()
  /** A field's message as the page shows it in the run's language. */
  const ruleShown = (message: RuleMessage | undefined): string | null => {
    if (message === undefined) return null
    if (catalog === null) return englishRule(message)
    const { source, values, text } = ruleSource(message, t)
    return source === null ? (text ?? '') : catalog(source, values)
  }

  const fieldOf = (ctx: FormCtx, field: string) =>
    ctx.flow.page.getByLabel(t(screenDef.labels[field as keyof TValues & string]), {
      exact: true,
    })
  const errorShownFor = (ctx: FormCtx, field: string) => describedText(fieldOf(ctx, field))
  const submitButton = (ctx: FormCtx) =>
    ctx.flow.page.getByRole('button', { name: t(screenDef.submitLabel), exact: true })
  const alert = (ctx: FormCtx) => ctx.flow.page.getByRole('alert')

  const runner = browserRunner<AnyStateMachine, FormCtx>({
    async open(run) {
      const level = started()
      const flow = await openFlowPage(level, screenDef.machine, run?.recorder)
      const path = language.path(
        typeof screenDef.path === 'string' ? screenDef.path : await screenDef.path(level),
      )
      const ctx: FormCtx = { flow, level, held: [], path, language }
      await flow.page.route(`**${screenDef.call}`, (route) => {
        ctx.held.push(route)
      })
      await flow.page.goto(level.url(path))
      await flow.actorStarted()
      return ctx
    },
    async act(ctx, event) {
      if (event.type === 'field.change') {
        const { field, value } = event as unknown as { field: string; value: FieldValue }
        const input = fieldOf(ctx, field)
        if (typeof value === 'boolean') {
          // Ticking a box that is ticked already: off and on again, as the UI level does.
          if ((await input.isChecked()) === value) await input.click()
          await input.click()
        } else {
          // Typing what the field already shows: it is cleared first.
          if ((await input.inputValue()) === value) await input.fill('')
          await input.fill(typeof value === 'string' ? value : '')
        }
      } else if (event.type === 'form.submit') {
        await submitButton(ctx).click()
      } else if (
        event.type === 'xstate.done.actor.submit' ||
        event.type === 'xstate.error.actor.submit'
      ) {
        const route = await within(
          (async () => {
            while (ctx.held.length === 0) await new Promise((r) => setTimeout(r, 5))
            return ctx.held.splice(0, 1)[0] as Route
          })(),
          `the ${screenDef.call} request`,
        )
        const sent = postData(route.request())
        expect(sent).toEqual(screenDef.expectedBody(ctx))
        const failure =
          event.type === 'xstate.error.actor.submit'
            ? (event as unknown as { error: FormFailure }).error
            : undefined
        const outcome = screenDef.outcome(sent, failure)
        if (outcome.kind === 'as-sent') await route.continue()
        else if (outcome.kind === 'changed')
          await route.continue({ postData: JSON.stringify(outcome.body) })
        else
          await route.fulfill({
            status: outcome.status,
            contentType: 'application/problem+json',
            body: JSON.stringify(outcome.body),
          })
      } else throw new Error(`no browser action for ${event.type}`)
    },
    states: {
      editing: async (ctx, snapshot) => {
        const { errors, values } = (
          snapshot as {
            context: { errors: Record<string, RuleMessage>; values: Record<string, FieldValue> }
          }
        ).context
        await ctx.flow.page.getByRole('heading', { name: t(screenDef.heading) }).waitFor()
        for (const field of Object.keys(screenDef.labels)) {
          await eventually(() => errorShownFor(ctx, field)).toBe(ruleShown(errors[field]))
          // What the customer typed is still there, a server's reason or not.
          const input = fieldOf(ctx, field)
          const value = values[field]
          if (typeof value === 'boolean') expect(await input.isChecked()).toBe(value)
          else expect(await input.inputValue()).toBe(value ?? '')
        }
        expect(await alert(ctx).count()).toBe(0)
        await eventually(() => submitButton(ctx).isEnabled()).toBe(true)
        expect(new URL(ctx.flow.page.url()).pathname).toBe(ctx.path)
        for (const text of textsShown(snapshot as unknown as FormSnapshot)) textsChecked.add(text)
      },
      submitting: async (ctx) => {
        await eventually(() => submitButton(ctx).isDisabled()).toBe(true)
        expect(await alert(ctx).count()).toBe(0)
        for (const field of Object.keys(screenDef.labels))
          expect(await errorShownFor(ctx, field)).toBeNull()
      },
      failure: async (ctx, snapshot) => {
        const { errorType } = (snapshot as { context: { errorType: string } }).context
        await eventually(() => alert(ctx).textContent()).toContain(
          t(screenDef.failureText(errorType)),
        )
        await eventually(() => submitButton(ctx).isEnabled()).toBe(true)
        for (const text of textsShown(snapshot as unknown as FormSnapshot)) textsChecked.add(text)
      },
      success: async (ctx) => {
        await screenDef.afterSuccess(ctx)
      },
    },
  })

  it('has an assertion for every state', () => {
    expect(statesWithoutAssertion(pm, runner.states)).toEqual([])
  })

  it('takes every state and transition through the screen against the real server', async () => {
    const report = await runAllPaths(pm, runner, 'browser')
    expect(report.states.missing).toEqual([])
    expect(report.transitions.missing).toEqual([])
    // Every failure text and server's reason of the chart was read on the page.
    expect([...textsToShow].filter((text) => !textsChecked.has(text))).toEqual([])
    expect(textsToShow.size).toBeGreaterThan(0)
  })
}

function postData(request: Request): Record<string, unknown> {
  return request.postDataJSON() as Record<string, unknown>
}
