/**
 * The customer area's pages as placeholders (spec §2 "Account screens"); the customer-area issue
 * fills them with the offers, the verification and the profile form.
 */

export function HomePage({ firstName, email }: { firstName: string; email: string | null }) {
  return (
    <section className="account-section" aria-labelledby="home-title">
      <h1 id="home-title" className="account-title">
        {firstName ? `Welcome, ${firstName}` : 'Welcome'}
      </h1>
      <p className="account-lead">What can we do for you today?</p>
      {email ? (
        <p className="account-note">
          Signed in as <strong>{email}</strong>
        </p>
      ) : null}
    </section>
  )
}

export function VerificationPage() {
  return (
    <section className="account-section" aria-labelledby="verification-title">
      <h1 id="verification-title" className="account-title">
        Verification
      </h1>
      <p className="account-lead">
        Verify yourself or your business for higher limits and lower fees. Verification is to be
        done if requested by a manager.
      </p>
    </section>
  )
}

export function ProfilePage({ onLogout }: { onLogout: () => void }) {
  return (
    <section className="account-section" aria-labelledby="profile-title">
      <h1 id="profile-title" className="account-title">
        Profile
      </h1>
      <p className="account-lead">Your personal details will be shown and edited here.</p>
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
