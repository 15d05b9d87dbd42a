import type { ReactNode } from 'react'
import type { ProfileField } from '../../machines/profile-form/profile-errors'
import type { ProfileView } from '../../machines/profile-form/profile-form.machine'
import { InputField, SelectField, type OptionGroup } from './account-fields'
import { COUNTRIES, countryName } from './countries'
import './customer.css'

export interface ProfilePageProps {
  view: ProfileView
  onChange: (field: ProfileField, value: string) => void
  onSubmit: () => void
  onReload: () => void
  onLogout: () => void
  /** The Security section (issue 14), between the personal details and the Logout section. */
  security?: ReactNode
  /** 'Your records' (docs/product/screens.md#your-records), under the Security section. */
  records?: ReactNode
}

export const PROFILE_UPDATED = 'Profile was updated'
export const PROFILE_LOAD_FAILED = 'Your profile could not be loaded.'

/** The failure's text: what to do depends on whether the server named the fields. */
export function profileFailureText(errorType: string, hasFieldErrors: boolean): string {
  if (hasFieldErrors) return 'Profile was not updated: please correct the marked fields.'
  if (errorType === 'RATE_LIMITED')
    return 'Profile was not updated: too many attempts. Please wait a moment.'
  return 'Profile was not updated. Please try again or contact support.'
}

function countryGroups(current: string): OptionGroup[] {
  const options = COUNTRIES.map((c) => ({ value: c.code, label: c.name }))
  // A stored code we do not list still shows as itself.
  if (current && !COUNTRIES.some((c) => c.code === current)) {
    options.unshift({ value: current, label: countryName(current) })
  }
  return [{ label: '', options }]
}

/** The profile page (docs/product/screens.md#profile-page): the fields, Update, and Logout. */
export function ProfilePage({
  view,
  onChange,
  onSubmit,
  onReload,
  onLogout,
  security,
  records,
}: ProfilePageProps) {
  const field = (name: ProfileField) => (value: string) => {
    onChange(name, value)
  }
  return (
    <section className="account-section" aria-labelledby="profile-title">
      <h1 id="profile-title" className="account-title">
        Profile
      </h1>
      <div className="account-card account-card-wide">
        <h2 className="account-subtitle">Personal details</h2>
        {view.phase === 'loading' ? (
          <p role="status">Loading…</p>
        ) : view.phase === 'loadFailed' ? (
          <>
            <div className="form-alert" role="alert">
              {PROFILE_LOAD_FAILED}
            </div>
            <button type="button" className="button button-secondary" onClick={onReload}>
              Try again
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
                label="First name"
                name="firstName"
                value={view.values.firstName}
                autoComplete="given-name"
                error={view.errors.firstName}
                onChange={field('firstName')}
              />
              <InputField
                label="Last name"
                name="lastName"
                value={view.values.lastName}
                autoComplete="family-name"
                error={view.errors.lastName}
                onChange={field('lastName')}
              />
            </div>
            <InputField
              label="Email"
              name="email"
              type="email"
              value={view.email}
              readOnly
              hint="The e-mail address cannot be changed."
            />
            <InputField
              label="Phone"
              name="phone"
              type="tel"
              value={view.values.phone}
              autoComplete="tel"
              error={view.errors.phone}
              onChange={field('phone')}
            />
            <SelectField
              label="Country"
              name="country"
              value={view.values.country}
              groups={countryGroups(view.values.country)}
              placeholder="Select a country"
              autoComplete="country"
              error={view.errors.country}
              onChange={field('country')}
            />
            {view.errorType ? (
              <div className="form-alert" role="alert">
                {profileFailureText(view.errorType, view.hasFieldErrors)}
              </div>
            ) : null}
            <div className="profile-actions">
              <button
                type="submit"
                className="button button-primary"
                disabled={view.submitting}
                aria-busy={view.submitting || undefined}
              >
                Update
              </button>
              <p className="profile-saved" role="status">
                {view.saved ? PROFILE_UPDATED : ''}
              </p>
            </div>
          </form>
        )}
      </div>
      {security}
      {records}
      <div className="account-card" aria-labelledby="logout-title">
        <h2 id="logout-title" className="account-subtitle">
          Logout
        </h2>
        <p>End your session on this device.</p>
        <button type="button" className="button button-secondary" onClick={onLogout}>
          Log out
        </button>
      </div>
    </section>
  )
}
