import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { isLocale, type Locale } from '../../../domain/locale'
import type { ProfileField } from '../../machines/profile-form/profile-errors'
import type { ProfileView } from '../../machines/profile-form/profile-form.machine'
import { InputField, SelectField, type OptionGroup } from './account-fields'
import { countriesIn, countryName } from './countries'
import { english } from './english'
import { fieldMessage } from './field-messages'
import { usePageLocale } from './use-locale'
import './customer.css'

export interface ProfilePageProps {
  view: ProfileView
  onChange: (field: ProfileField, value: string) => void
  /** The Language control (docs/product/languages.md#the-signed-in-area). */
  onLocaleChange: (locale: Locale) => void
  onSubmit: () => void
  onReload: () => void
  onLogout: () => void
  /** The Security section (issue 14), between the personal details and the Logout section. */
  security?: ReactNode
  /** 'Your records' (docs/product/screens.md#your-records), under the Security section. */
  records?: ReactNode
}

const PROFILE_UPDATED_MESSAGE = msg`Profile was updated`
export const PROFILE_UPDATED = english(PROFILE_UPDATED_MESSAGE)
const PROFILE_LOAD_FAILED_MESSAGE = msg`Your profile could not be loaded.`
export const PROFILE_LOAD_FAILED = english(PROFILE_LOAD_FAILED_MESSAGE)

/** The failure's text: what to do depends on whether the server named the fields. */
function profileFailureMessage(errorType: string, hasFieldErrors: boolean) {
  if (hasFieldErrors) return msg`Profile was not updated: please correct the marked fields.`
  if (errorType === 'RATE_LIMITED')
    return msg`Profile was not updated: too many attempts. Please wait a moment.`
  return msg`Profile was not updated. Please try again or contact support.`
}

export const profileFailureText = (errorType: string, hasFieldErrors: boolean): string =>
  english(profileFailureMessage(errorType, hasFieldErrors))

/**
 * The languages the account can be in, each named in its own language (a reader finds theirs
 * whatever the page is in).
 */
const LANGUAGES: readonly { value: Locale; label: string; lang: Locale }[] = [
  { value: 'en', label: 'English', lang: 'en' },
  { value: 'pl', label: 'Polski', lang: 'pl' },
]

function countryGroups(current: string, locale: Locale): OptionGroup[] {
  const countries = countriesIn(locale)
  const options = countries.map((c) => ({ value: c.code, label: c.name }))
  // A stored code we do not list still shows as itself.
  if (current && !countries.some((c) => c.code === current)) {
    options.unshift({ value: current, label: countryName(current, locale) })
  }
  return [{ label: '', options }]
}

/** The profile page (docs/product/screens.md#profile-page): the fields, Update, and Logout. */
export function ProfilePage({
  view,
  onChange,
  onLocaleChange,
  onSubmit,
  onReload,
  onLogout,
  security,
  records,
}: ProfilePageProps) {
  const { t } = useLingui()
  const locale = usePageLocale()
  const field = (name: ProfileField) => (value: string) => {
    onChange(name, value)
  }
  return (
    <section className="account-section" aria-labelledby="profile-title">
      <h1 id="profile-title" className="account-title">
        {t`Profile`}
      </h1>
      <div className="account-card account-card-wide">
        <h2 className="account-subtitle">{t`Personal details`}</h2>
        {view.phase === 'loading' ? (
          <p role="status">{t`Loading…`}</p>
        ) : view.phase === 'loadFailed' ? (
          <>
            <div className="form-alert" role="alert">
              {t(PROFILE_LOAD_FAILED_MESSAGE)}
            </div>
            <button type="button" className="button button-secondary" onClick={onReload}>
              {t`Try again`}
            </button>
          </>
        ) : (
          <form
            className="profile-form"
            noValidate
            onSubmit={(event) => {
              event.preventDefault()
              onSubmit()
            }}
          >
            <div className="field-row">
              <InputField
                label={t`First name`}
                name="firstName"
                value={view.values.firstName}
                autoComplete="given-name"
                error={fieldMessage(t, view.errors.firstName)}
                onChange={field('firstName')}
              />
              <InputField
                label={t`Last name`}
                name="lastName"
                value={view.values.lastName}
                autoComplete="family-name"
                error={fieldMessage(t, view.errors.lastName)}
                onChange={field('lastName')}
              />
            </div>
            <InputField
              label={t`Email`}
              name="email"
              type="email"
              value={view.email}
              readOnly
              hint={t`The e-mail address cannot be changed.`}
            />
            <InputField
              label={t`Phone`}
              name="phone"
              type="tel"
              value={view.values.phone}
              autoComplete="tel"
              error={fieldMessage(t, view.errors.phone)}
              onChange={field('phone')}
            />
            <SelectField
              label={t`Country`}
              name="country"
              value={view.values.country}
              groups={countryGroups(view.values.country, locale)}
              placeholder={t`Select a country`}
              autoComplete="country"
              error={fieldMessage(t, view.errors.country)}
              onChange={field('country')}
            />
            <SelectField
              label={t`Language`}
              name="locale"
              value={view.locale}
              groups={[{ label: '', options: LANGUAGES }]}
              onChange={(value) => {
                if (isLocale(value)) onLocaleChange(value)
              }}
            />
            {view.errorType ? (
              <div className="form-alert" role="alert">
                {t(profileFailureMessage(view.errorType, view.hasFieldErrors))}
              </div>
            ) : null}
            <div className="profile-actions">
              <button
                type="submit"
                className="button button-primary"
                disabled={view.submitting}
                aria-busy={view.submitting || undefined}
              >
                {t`Update`}
              </button>
              <p className="profile-saved" role="status">
                {view.saved ? t(PROFILE_UPDATED_MESSAGE) : ''}
              </p>
            </div>
          </form>
        )}
      </div>
      {security}
      {records}
      <div className="account-card" aria-labelledby="logout-title">
        <h2 id="logout-title" className="account-subtitle">
          {t`Logout`}
        </h2>
        <p>{t`End your session on this device.`}</p>
        <button type="button" className="button button-secondary" onClick={onLogout}>
          {t`Log out`}
        </button>
      </div>
    </section>
  )
}
