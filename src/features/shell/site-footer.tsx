import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { yearInBucharest } from '~/i18n/dates'
import { BrokerDetails, PhoneLink } from '~/ui/broker-details'
import { useShell } from './use-shell'

/** Footer of the master, default and account layouts. `cookieSettings` is the consent feature's button. */
export function SiteFooter({ cookieSettings }: { cookieSettings?: ReactNode }) {
  const { publicConfig } = useShell()
  const { t } = useLingui()
  const year = yearInBucharest()
  return (
    <footer className="site-footer">
      <div className="site-footer__columns">
        <nav aria-label={t`Products`}>
          <h2>
            <Trans>Products</Trans>
          </h2>
          <ul>
            <li>
              <Link to="/insurance">
                <Trans>All insurance</Trans>
              </Link>
            </li>
            <li>
              <Link to="/directbooking">
                <Trans>Road assistance</Trans>
              </Link>
            </li>
            <li>
              <Link to="/virtualcards">
                <Trans>Virtual cards</Trans>
              </Link>
            </li>
            <li>
              <Link to="/verify">
                <Trans>Check an RCA policy</Trans>
              </Link>
            </li>
          </ul>
        </nav>
        <nav aria-label={t`Help and legal`}>
          <h2>
            <Trans>Help</Trans>
          </h2>
          <ul>
            <li>
              <Link to="/faq">
                <Trans>Frequently asked questions</Trans>
              </Link>
            </li>
            <li>
              <Link to="/info/{-$slug}" params={{ slug: 'about-us' }}>
                <Trans>About us</Trans>
              </Link>
            </li>
            <li>
              <Link to="/info/{-$slug}" params={{ slug: 'terms' }}>
                <Trans>Terms and conditions</Trans>
              </Link>
            </li>
            <li>
              <Link to="/info/{-$slug}" params={{ slug: 'privacy' }}>
                <Trans>Privacy notice</Trans>
              </Link>
            </li>
            <li>
              <Link to="/info/{-$slug}" params={{ slug: 'broker-notice' }}>
                <Trans>Broker’s information notice</Trans>
              </Link>
            </li>
            <li>
              <Link to="/info/{-$slug}" params={{ slug: 'complaints' }}>
                <Trans>Complaints</Trans>
              </Link>
            </li>
            <li>{cookieSettings}</li>
          </ul>
        </nav>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact">
            <Trans>Contact</Trans>
          </h2>
          <p>
            <a href={`mailto:${publicConfig.SUPPORT_EMAIL}`}>{publicConfig.SUPPORT_EMAIL}</a>
            <br />
            <PhoneLink phone={publicConfig.SUPPORT_PHONE} />
          </p>
          <Link to="/contact-us">
            <Trans>Write to us</Trans>
          </Link>
        </section>
      </div>
      <BrokerDetails config={publicConfig} className="broker-details site-footer__broker" />
      <p className="site-footer__legal">
        <Trans>
          © {year} {publicConfig.BRAND_NAME}. Insurance broker; prices and policies come from the insurers we work with.
        </Trans>
      </p>
    </footer>
  )
}
