import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'

/** What each account page is for, and what the visitor sees while it has nothing to show. */
export const accountPages = {
  orders: {
    title: msg`Orders and policies`,
    purpose: msg`Every order you placed and every policy you hold, with its validity, documents and virtual card.`,
    empty: msg`You have no orders yet. Every policy and vignette you buy appears here with its status and documents.`,
  },
  preferences: {
    title: msg`Preferences`,
    purpose: msg`Your language, the reminders you want (RCA, vignette and policy expiry) and how we may contact you.`,
    empty: msg`Choose which expiry reminders reach you by e-mail and which in the notification centre.`,
  },
  profile: {
    title: msg`Profile`,
    purpose: msg`Your name, phone number and e-mail address, used to prefill offers and to send you your policies.`,
    empty: msg`Changes to your e-mail address are confirmed by a link sent to the new address.`,
  },
  security: {
    title: msg`Security`,
    purpose: msg`Your password, two-step sign-in, the devices signed in to your account, and deleting the account.`,
    empty: msg`We recommend turning on two-step sign-in: it keeps your personal data safe even if your password leaks.`,
  },
  vehicles: {
    title: msg`Vehicles`,
    purpose: msg`The vehicles you insure, so a new RCA offer or vignette takes one click.`,
    empty: msg`No vehicles yet. Add one and its RCA, vignette and ITP dates are followed here.`,
  },
  vehicle: {
    title: msg`Vehicle`,
    purpose: msg`The details of this vehicle, its policies and vignettes, and what is due next.`,
    empty: msg`This vehicle is not saved in your account.`,
  },
  diaries: {
    title: msg`Vehicle diary`,
    purpose: msg`A log of what happened to this vehicle: services, repairs, inspections (ITP), tyre changes, with dates and costs.`,
    empty: msg`The diary is empty. Add the first entry, for example the last service.`,
  },
  diaryCreate: {
    title: msg`New diary entry`,
    purpose: msg`Record a service, repair, inspection or any other event of this vehicle, with its date, mileage and cost.`,
    empty: msg`Entries are private: only you can see them.`,
  },
  diary: {
    title: msg`Diary entry`,
    purpose: msg`One event of this vehicle’s diary, with its date, mileage, cost and your remarks.`,
    empty: msg`This entry is not in your diary.`,
  },
  notes: {
    title: msg`Vehicle notes`,
    purpose: msg`Short notes about this vehicle: where the documents are, the tyre size, anything worth remembering.`,
    empty: msg`No notes yet.`,
  },
  noteCreate: {
    title: msg`New note`,
    purpose: msg`Write a note about this vehicle. Only you can see it.`,
    empty: msg`Notes are kept until you delete them or the vehicle.`,
  },
  note: {
    title: msg`Note`,
    purpose: msg`One of your notes about this vehicle.`,
    empty: msg`This note is not among your notes.`,
  },
} satisfies Record<string, { title: MessageDescriptor; purpose: MessageDescriptor; empty: MessageDescriptor }>

export type AccountPageName = keyof typeof accountPages

/** An account page's frame: its title, what it is for, and its empty state. */
export function AccountPage({ name }: { name: AccountPageName }) {
  const { i18n } = useLingui()
  const page = accountPages[name]
  return (
    <>
      <h1>{i18n._(page.title)}</h1>
      <p className="lead">{i18n._(page.purpose)}</p>
      <p className="empty-state" role="status">
        {i18n._(page.empty)}
      </p>
    </>
  )
}

/** Ids in account URLs: letters, digits and dashes (numeric ids and UUIDs). */
export function isRecordId(value: string): boolean {
  return /^[A-Za-z0-9-]{1,64}$/.test(value)
}
