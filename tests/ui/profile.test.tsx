import { act, screen, within } from '@testing-library/react'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  TRANSIENT_MESSAGE_MS,
  type ProfileFormSnapshot,
} from '../../src/machines/profile-form/profile-form.machine'
import {
  PROFILE_LOAD_FAILED,
  PROFILE_UPDATED,
  profileFailureText,
} from '../../src/ui/account/profile-page'
import { PHONE_REFUSAL, storedProfile } from '../../src/flows/fixtures/profile'
import type { AccountRuleMessage } from '../../src/machines/forms/rule-message'
import { englishRuleOrNull, ruleSource } from '../support/rule-texts'
import type { AnyEventObject } from 'xstate'
import type { Locale } from '../../domain/locale'
import {
  profileFormMachine,
  type Profile,
} from '../../src/machines/profile-form/profile-form.machine'
import { profileEvents } from '../../src/flows/fixtures/profile'
import { createProfilePathModel, serializeProfile } from '../machines/profile-model'
import {
  coveringPaths,
  createPathModel,
  runAllPaths,
  statesWithoutAssertion,
  type PathRunner,
} from '../support/model-paths'
import { catalogText, type CatalogText } from './support/catalog-text'
import { renderSignedIn } from './home-support'
import { json, problem } from './support/fake-api'
import type { RenderedApp } from './support/render-app'
import { untilShown } from './support/until-shown'

const LOAD = { method: 'GET', path: '/api/users/profile' }
const SAVE = { method: 'PUT', path: '/api/users/profile' }

/** The page's texts in the account's language: English as written, Polish from the catalog. */
let polish: CatalogText | null = null
let shownIn: Locale = 'en'
const t = (english: string) => (shownIn === 'pl' && polish ? polish(english) : english)

const field = (label: string) => screen.getByLabelText(t(label)) as HTMLInputElement
const messageAt = (label: string) => {
  const id = field(label).getAttribute('aria-describedby') ?? ''
  return (
    id
      .split(' ')
      .filter((part) => part.endsWith('-error'))
      .map((part) => document.getElementById(part)?.textContent ?? '')
      .join('') || null
  )
}
/** The personal-details card (the Security section below it has its own status lines). */
const personalDetails = () =>
  screen.getByRole('heading', { name: t('Personal details') }).parentElement as HTMLElement
const updateButton = () => screen.getByRole('button', { name: t('Update') }) as HTMLButtonElement
const savedMessage = () => screen.queryByText(t(PROFILE_UPDATED))

/** A field's message as the page shows it in the account's language. */
function ruleShown(message: AccountRuleMessage | undefined): string | null {
  if (shownIn === 'en' || !polish) return englishRuleOrNull(message)
  if (!message) return null
  const { source, values, text } = ruleSource(message, t)
  return source === null ? (text ?? '') : polish(source, values)
}

/**
 * The path model of an account whose stored language is `locale`: English is the fixture's; a
 * Polish account's profile says 'pl', and a saved update answers with the language chosen, as the
 * server does.
 */
function profilePathModel(locale: Locale) {
  if (locale === 'en') return createProfilePathModel()
  const polishProfile: Profile = { ...storedProfile, locale }
  const all = createPathModel(profileFormMachine, {
    events: (s) =>
      profileEvents(s).map((e): AnyEventObject => {
        if (e.type === 'xstate.done.actor.loadProfile') return { ...e, output: polishProfile }
        if (e.type === 'xstate.done.actor.saveProfile')
          return { ...e, output: { ...(e.output as Profile), locale: s.context.locale } }
        return e
      }),
    serializeState: serializeProfile,
  })
  // Each path is a page's worth of clicks: Polish takes the fewest that still take every state
  // and transition and show every field message.
  return coveringPaths(all, (path) =>
    path.steps.flatMap((step) =>
      Object.entries(step.state.context.errors).map(([f, m]) => `${f}: ${JSON.stringify(m)}`),
    ),
  )
}
const snapshotOf = (app: RenderedApp) =>
  app.probe.actor('profileForm').getSnapshot() as ProfileFormSnapshot

/** The server's refusal of the phone: 400 problem+json with the field errors. */
const phoneRefusal = () =>
  json(400, {
    type: 'about:blank',
    title: 'Bad Request',
    status: 400,
    errorType: 'VALIDATION_ERROR',
    errors: [
      { field: '/phone', message: 'must match pattern "^(\\+?[0-9 ]{0,30})$"', code: 'pattern' },
    ],
  })

async function settle(rounds = 5) {
  for (let i = 0; i < rounds; i++) {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0)
    })
  }
}

function profileUiRun(title: string, locale: Locale) {
  describe(title, () => {
    beforeAll(async () => {
      if (locale === 'pl') polish = await catalogText('pl', 'account')
    })
    afterAll(() => {
      shownIn = 'en'
    })
    beforeEach(() => {
      vi.useFakeTimers({
        toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
      })
      vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) })
    })
    afterEach(() => {
      vi.unstubAllGlobals()
      vi.useRealTimers()
    })

    const pm = profilePathModel(locale)
    /** The languages the form was checked in. */
    const editedIn = new Set<Locale>()

    /**
     * The signed-in area speaks the account's stored language once the profile is read (English
     * before); its catalog arrives by dynamic import, so this waits for `<html lang>` to say it.
     */
    async function languageFollows(app: RenderedApp) {
      shownIn = snapshotOf(app).context.storedLocale
      await untilShown(
        () => document.documentElement.lang === shownIn,
        `the page in ${shownIn}`,
        async () => {
          await vi.advanceTimersByTimeAsync(0)
        },
      )
    }

    const runner: PathRunner<typeof pm.machine, RenderedApp> = {
      async setup(inspect) {
        const app = await renderSignedIn('/app/profile', {
          machineId: 'profileForm',
          inspect,
          user: { advanceTimers: (ms) => vi.advanceTimersByTime(ms) },
          prepare: (api) => api.hold(LOAD.method, LOAD.path).hold(SAVE.method, SAVE.path),
        })
        shownIn = 'en'
        await untilShown(
          () => screen.queryByRole('heading', { name: 'Profile' }) !== null,
          'the profile page',
          async () => {
            await vi.advanceTimersByTimeAsync(0)
          },
        )
        await settle()
        return app
      },
      async event(app, event) {
        const e = event as {
          type: string
          field?: string
          value?: string
          locale?: string
          error?: unknown
          output?: Profile
        }
        if (e.type === 'xstate.done.actor.loadProfile')
          await app.api.answer(LOAD.method, LOAD.path, json(200, e.output))
        else if (e.type === 'xstate.error.actor.loadProfile')
          await app.api.answer(LOAD.method, LOAD.path, problem('OTHER_ERROR', 500))
        else if (e.type === 'profile.reload')
          await app.user.click(screen.getByRole('button', { name: t('Try again') }))
        else if (e.type === 'locale.change')
          await app.user.selectOptions(field('Language'), e.locale ?? '')
        else if (e.type === 'field.change') {
          const input = field('First name')
          await app.user.clear(input)
          await app.user.click(input)
          await app.user.paste(e.value ?? '')
        } else if (e.type === 'form.submit') await app.user.click(updateButton())
        else if (e.type === 'xstate.done.actor.saveProfile') {
          const { values, locale, storedLocale } = snapshotOf(app).context
          // The language goes only when another than the stored one is chosen.
          expect(app.api.last(SAVE.method, SAVE.path)?.body).toEqual({
            firstName: values.firstName,
            lastName: values.lastName,
            country: values.country,
            phone: values.phone,
            ...(locale === storedLocale ? {} : { locale }),
          })
          await app.api.answer(
            SAVE.method,
            SAVE.path,
            json(200, { ...storedProfile, ...values, locale: e.output?.locale ?? storedLocale }),
          )
        } else if (e.type === 'xstate.error.actor.saveProfile') {
          const refusedPhone = (e.error as { errorType?: string }).errorType === 'VALIDATION_ERROR'
          await app.api.answer(
            SAVE.method,
            SAVE.path,
            refusedPhone ? phoneRefusal() : problem('OTHER_ERROR', 500),
          )
        } else if (e.type.startsWith('xstate.after.transientMessage')) {
          // 'Profile was updated' stays its full 3000 ms, then goes.
          await act(async () => {
            await vi.advanceTimersByTimeAsync(TRANSIENT_MESSAGE_MS - 1)
          })
          expect(savedMessage()).not.toBeNull()
          await act(async () => {
            await vi.advanceTimersByTimeAsync(1)
          })
        }
        await settle()
        await languageFollows(app)
      },
      snapshot: (app) => snapshotOf(app) as never,
      states: {
        loading: () => {
          expect(within(personalDetails()).getByRole('status').textContent).toBe(t('Loading…'))
          expect(screen.queryByLabelText('First name')).toBeNull()
          // Logout is there whatever happens to the form.
          expect(screen.getByRole('button', { name: t('Log out') })).toBeTruthy()
        },
        loadFailed: () => {
          expect(screen.getByRole('alert').textContent).toBe(t(PROFILE_LOAD_FAILED))
          expect(screen.getByRole('button', { name: t('Try again') })).toBeTruthy()
        },
        editing: (_app, s) => {
          const { values, errors } = s.context
          expect(field('First name').value).toBe(values.firstName)
          expect(field('Last name').value).toBe(storedProfile.lastName)
          expect(field('Email').value).toBe(storedProfile.email)
          expect(field('Email').readOnly).toBe(true)
          expect(field('Phone').value).toBe(storedProfile.phone)
          expect(field('Country').value).toBe(storedProfile.country)
          expect(field('Language').value).toBe(s.context.locale)
          expect(messageAt('First name')).toBe(ruleShown(errors.firstName))
          editedIn.add(shownIn)
          expect(messageAt('Phone')).toBe(ruleShown(errors.phone))
          expect(screen.queryByRole('alert')).toBeNull()
          expect(savedMessage()).toBeNull()
          expect(updateButton().disabled).toBe(false)
        },
        submitting: () => {
          expect(updateButton().disabled).toBe(true)
          expect(screen.queryByRole('alert')).toBeNull()
        },
        saved: () => {
          expect(savedMessage()).not.toBeNull()
          expect(updateButton().disabled).toBe(false)
        },
        failed: (_app, s) => {
          const { errorType, errors } = s.context
          const hasFieldErrors = Object.keys(errors).length > 0
          expect(screen.getByRole('alert').textContent).toBe(
            t(profileFailureText(errorType ?? '', hasFieldErrors)),
          )
          // The server's field errors show at their fields.
          expect(messageAt('Phone')).toBe(hasFieldErrors ? ruleShown(PHONE_REFUSAL) : null)
        },
      },
      teardown: (app) => {
        app.unmount()
        // The account's language stays in the browser (decision 117): each path starts afresh.
        window.localStorage.clear()
      },
    }

    it('has an assertion for every state', () => {
      expect(statesWithoutAssertion(pm, runner.states)).toEqual([])
    })

    it('takes every state and transition through the page (the 3 s message as the named delay)', async () => {
      const report = await runAllPaths(pm, runner, 'ui')
      expect(report.states.missing).toEqual([])
      expect(report.transitions.missing).toEqual([])
      expect(editedIn.has(locale)).toBe(true)
    }, 120_000)
  })
}

profileUiRun(
  'profile page (docs/product/screens.md#profile-page, docs/product/flows.md#profile)',
  'en',
)
profileUiRun(
  'profile page of a Polish account, in Polish (docs/product/languages.md#the-signed-in-area)',
  'pl',
)

describe('profile page details', () => {
  it('sends the four editable fields, and logs out from the Logout section', async () => {
    const app = await renderSignedIn('/app/profile', {
      profile: storedProfile,
      prepare: (api) =>
        api.on(SAVE.method, SAVE.path, (_request, seen) =>
          json(200, { ...storedProfile, ...(seen.body as object) }),
        ),
    })
    await screen.findByDisplayValue(storedProfile.firstName)
    await app.user.clear(field('Phone'))
    await app.user.type(field('Phone'), '+48 500 000 000')
    await app.user.selectOptions(field('Country'), 'DE')
    await app.user.click(updateButton())
    expect(await screen.findByText(PROFILE_UPDATED)).toBeTruthy()
    expect(app.api.last(SAVE.method, SAVE.path)?.body).toEqual({
      firstName: 'Ann',
      lastName: 'Kowalska',
      country: 'DE',
      phone: '+48 500 000 000',
    })
    await app.user.click(screen.getByRole('button', { name: 'Log out' }))
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeTruthy()
    expect(window.localStorage.getItem('auth_session')).toBeNull()
    expect(app.reloads.length).toBe(1)
    app.unmount()
  })
})
