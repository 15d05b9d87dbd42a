/** The landing page's shell until its sections land (spec §2 "Landing page"). */
export function LandingShell() {
  return (
    <main className="centered-page">
      <h1>Exchange crypto with full legal compliance</h1>
      <p>
        EU-licensed fiat-to-crypto trade services. €1,000,000+ transactions with complete
        documentation support.
      </p>
    </main>
  )
}
