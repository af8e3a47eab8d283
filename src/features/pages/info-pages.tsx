import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'

interface InfoPage {
  title: MessageDescriptor
  paragraphs: MessageDescriptor[]
}

/** The information pages under `/info/{slug}`; any other slug is a 404. */
export const infoPages = {
  'about-us': {
    title: msg`About us`,
    paragraphs: [
      msg`We are an insurance broker authorised by the Financial Supervisory Authority (ASF). We compare the offers of the insurers we work with and help you choose; the insurer issues the policy.`,
      msg`You pay the insurer’s price. Our commission is paid by the insurer and does not change what you pay.`,
    ],
  },
  terms: {
    title: msg`Terms and conditions`,
    paragraphs: [
      msg`Using the site is free. Offers are shown as the insurers send them; a policy exists once the insurer has issued it after payment.`,
      msg`Before paying you receive the policy terms and the information document of the product. You may withdraw from distance contracts as the law provides, except from policies that have already started.`,
    ],
  },
  privacy: {
    title: msg`Privacy notice`,
    paragraphs: [
      msg`We process the personal data needed to obtain offers and issue policies (name, CNP, address, vehicle data) on the basis of the contract you ask for, and keep it as long as the law on insurance distribution requires.`,
      msg`We share it only with the insurer you choose and with the payment processor. You may ask for access, correction, deletion or portability at any time by writing to us.`,
      msg`You can delete your account yourself, under Security in your account. Your name, phone number, password, linked Google account, two-step sign-in settings and the addresses of your devices are then erased and every device is signed out. We keep only the e-mail address, marked as deleted: signing in with it then says that the account was deleted, and nobody else can open an account with it. Write to us if you want the address erased too. Orders and policies are kept as long as the law on insurance distribution requires.`,
    ],
  },
  cookies: {
    title: msg`Cookie policy`,
    paragraphs: [
      msg`Necessary cookies keep you signed in, remember your language, theme and cookie choices, and protect forms. They cannot be switched off.`,
      msg`Analytics, preference and marketing cookies are used only if you allow them, and you can change your choice at any time with the Cookie settings button at the bottom of every page.`,
    ],
  },
  'broker-notice': {
    title: msg`Broker’s information notice`,
    // Drawn by `BrokerNotice` with the configured legal details.
    paragraphs: [],
  },
  complaints: {
    title: msg`Complaints`,
    paragraphs: [
      msg`Write to us with what happened and your policy number; we answer within 30 days, usually much sooner.`,
      msg`If you are not satisfied, you may turn to the Financial Supervisory Authority (ASF) or to the alternative dispute resolution centre for the financial sector (SAL-Fin).`,
    ],
  },
} satisfies Record<string, InfoPage>

export type InfoSlug = keyof typeof infoPages

export function isInfoSlug(slug: string): slug is InfoSlug {
  return Object.hasOwn(infoPages, slug)
}

export function InfoPageView({ slug }: { slug: InfoSlug }) {
  const { i18n } = useLingui()
  const page: InfoPage = infoPages[slug]
  return (
    <article>
      <h1>{i18n._(page.title)}</h1>
      {page.paragraphs.map((p) => (
        <p key={p.id}>{i18n._(p)}</p>
      ))}
    </article>
  )
}

/** `/info`: the list of information pages. */
export function InfoIndex() {
  const { i18n } = useLingui()
  return (
    <>
      <h1>
        <Trans>Information</Trans>
      </h1>
      <ul className="link-list">
        {(Object.keys(infoPages) as InfoSlug[]).map((slug) => (
          <li key={slug}>
            <Link to="/info/{-$slug}" params={{ slug }}>
              {i18n._(infoPages[slug].title)}
            </Link>
          </li>
        ))}
      </ul>
    </>
  )
}
