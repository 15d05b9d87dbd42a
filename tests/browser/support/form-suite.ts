/**
 * A form machine's paths (src/machines/forms/form.machine.ts) through its real screen in Chromium
 * against the real server: the customer fills the fields and submits; the form's request is held
 * until the path's outcome, which the real server then gives, the request changed where the path's
 * outcome needs another account or value than the form's samples (each screen says how).
 */
import type { Request, Route } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AnyStateMachine } from 'xstate'
import type { FormFailure, FormFixture } from '../../../src/flows/fixtures/forms'
import type { FieldValue } from '../../../src/machines/forms/validation'
import { linkFromMailbox } from '../../e2e/support/mailbox'
import { createFormPathModel } from '../../support/form-model'
import { coveringPaths, runAllPaths, statesWithoutAssertion } from '../../support/model-paths'
import {
  browserRunner,
  eventually,
  openFlowPage,
  startBrowserLevel,
  within,
  type BrowserLevel,
  type FlowPage,
} from './flow-page'

export interface FormCtx {
  flow: FlowPage<AnyStateMachine>
  level: BrowserLevel
  held: Route[]
  /** The path the page was opened at (a screen may open a link from the mailbox). */
  path: string
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
  labels: Record<keyof TValues & string, string>
  submitLabel: string
  heading: string
  failureText: (errorType: string) => string | RegExp
  /** What exists on the server before the paths run (accounts, used-up limits). */
  prepare?: (level: BrowserLevel) => Promise<void>
  /** How the real server gives the submit's success, or a failure of the fixture's. */
  outcome: (sent: Record<string, unknown>, failure: FormFailure | undefined) => Outcome
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

    // Each path is a page load: the fewest paths that still walk every state and transition.
    const pm = coveringPaths(createFormPathModel(screenDef.machine, screenDef.fixture))

    const fieldOf = (ctx: FormCtx, field: string) =>
      ctx.flow.page.getByLabel(screenDef.labels[field as keyof TValues & string], { exact: true })
    const errorShownFor = async (ctx: FormCtx, field: string) => {
      const id = await fieldOf(ctx, field).getAttribute('aria-describedby')
      if (!id) return null
      const note = ctx.flow.page.locator(`[id="${id}"]`)
      return (await note.count()) > 0 ? await note.textContent() : null
    }
    const submitButton = (ctx: FormCtx) =>
      ctx.flow.page.getByRole('button', { name: screenDef.submitLabel, exact: true })
    const alert = (ctx: FormCtx) => ctx.flow.page.getByRole('alert')

    const runner = browserRunner<AnyStateMachine, FormCtx>({
      async open(run) {
        if (!level) throw new Error('the browser level did not start')
        const flow = await openFlowPage(level, screenDef.machine, run?.recorder)
        const path =
          typeof screenDef.path === 'string' ? screenDef.path : await screenDef.path(level)
        const ctx: FormCtx = { flow, level, held: [], path }
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
              context: { errors: Record<string, string>; values: Record<string, FieldValue> }
            }
          ).context
          await ctx.flow.page.getByRole('heading', { name: screenDef.heading }).waitFor()
          for (const field of Object.keys(screenDef.labels)) {
            await eventually(() => errorShownFor(ctx, field)).toBe(errors[field] ?? null)
            // What the customer typed is still there, a server's reason or not.
            const input = fieldOf(ctx, field)
            const value = values[field]
            if (typeof value === 'boolean') expect(await input.isChecked()).toBe(value)
            else expect(await input.inputValue()).toBe(value ?? '')
          }
          expect(await alert(ctx).count()).toBe(0)
          await eventually(() => submitButton(ctx).isEnabled()).toBe(true)
          expect(new URL(ctx.flow.page.url()).pathname).toBe(ctx.path)
        },
        submitting: async (ctx) => {
          await eventually(() => submitButton(ctx).isDisabled()).toBe(true)
          expect(await alert(ctx).count()).toBe(0)
          for (const field of Object.keys(screenDef.labels))
            expect(await errorShownFor(ctx, field)).toBeNull()
        },
        failure: async (ctx, snapshot) => {
          const { errorType } = (snapshot as { context: { errorType: string } }).context
          await eventually(() => alert(ctx).textContent()).toMatch(
            textPattern(screenDef.failureText(errorType)),
          )
          await eventually(() => submitButton(ctx).isEnabled()).toBe(true)
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
    })
  })
}

function postData(request: Request): Record<string, unknown> {
  return request.postDataJSON() as Record<string, unknown>
}

function textPattern(text: string | RegExp): RegExp {
  return typeof text === 'string' ? new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) : text
}
