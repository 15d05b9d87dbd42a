import { useLingui } from '@lingui/react/macro'
import { Brand } from './brand'
import { FOOTER } from './sections-content'

export interface LandingFooterProps {
  contactEmail: string
  licenceNumber: string
  address: string
  socialLinks: readonly { name: string; url: string }[]
}

/**
 * The footer (docs/product/screens.md#footer): contact, licence, address, social links and the two
 * policies.
 */
export function LandingFooter({
  contactEmail,
  licenceNumber,
  address,
  socialLinks,
}: LandingFooterProps) {
  const { t } = useLingui()
  return (
    <footer className="landing-footer">
      <div className="landing-container footer-grid">
        <div className="footer-brand">
          <Brand />
          <p className="footer-note">{t(FOOTER.rights)}</p>
        </div>
        <dl className="footer-facts">
          <div>
            <dt>{t(FOOTER.contact)}</dt>
            <dd>
              <a href={`mailto:${contactEmail}`}>{contactEmail}</a>
            </dd>
          </div>
          <div>
            <dt>{t(FOOTER.licence)}</dt>
            <dd>{licenceNumber}</dd>
          </div>
          <div>
            <dt>{t(FOOTER.address)}</dt>
            <dd>{address}</dd>
          </div>
        </dl>
        <nav aria-label={t(FOOTER.follow)}>
          <h2 className="footer-heading">{t(FOOTER.follow)}</h2>
          <ul className="footer-links">
            {socialLinks.map((link) => (
              <li key={link.url}>
                <a href={link.url} target="_blank" rel="noopener noreferrer">
                  {link.name}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label={t(FOOTER.documents)}>
          <h2 className="footer-heading">{t(FOOTER.documents)}</h2>
          <ul className="footer-links">
            {[FOOTER.amlPolicy, FOOTER.privacyPolicy].map((doc) => (
              <li key={doc.href}>
                <a href={doc.href} target="_blank" rel="noopener" type="application/pdf">
                  {t(doc.label)}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </footer>
  )
}
