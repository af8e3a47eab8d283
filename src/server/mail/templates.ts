import { msg, plural } from '@lingui/core/macro'
import type { I18n, MessageDescriptor } from '@lingui/core'
import type { ProductCode } from '~/contract/constants'
import type { DirectBookingKind, DirectBookingStatus } from '~/contract/direct-booking-constants'
import { formatDate } from '~/i18n/dates'
import type { Locale } from '~/i18n/locales'
import type { BrokerDetails } from '../documents'
import { i18nFor, productName } from '../i18n'

/** Every message the site sends. Plain text first; HTML is derived. */
export type MailKind =
  | 'password-reset'
  | 'welcome'
  | 'welcome-google'
  | 'two-factor-code'
  | 'email-verify'
  | 'email-change'
  | 'email-change-notice'
  | 'password-changed'
  | 'account-deleted'
  | 'welcome-checkout'
  | 'orders-joined'
  | 'policy-issued'
  | 'policy-not-issued'
  | 'note-reminder'
  | 'registration-attempt'
  | 'policy-end-reminder'
  | 'vehicle-end-reminder'
  | 'direct-booking-received'
  | 'direct-booking-status'

/**
 * A value of a mail: text as it is, or a calendar day (`YYYY-MM-DD` or a Date) written in the
 * recipient's date format, or a product written by its name in the recipient's language, so no
 * mail shows an ISO date or a product code.
 */
export type MailValue = string | number | { date: string | Date } | { product: ProductCode }
export type MailVars = Record<string, MailValue>

interface Rendered {
  subject: string
  text: string
}

/** The values templates name, as text in the recipient's language (a template leaves out what it does not use). */
type VarName =
  | 'brand' | 'name' | 'link' | 'reset' | 'code' | 'address' | 'support' | 'confirm' | 'product' | 'number' | 'insurer' | 'start' | 'end' | 'verify'
  | 'order' | 'amount' | 'site' | 'plate' | 'title' | 'excerpt' | 'what' | 'days' | 'renew' | 'settings' | 'reference' | 'phone' | 'kind' | 'status' | 'wording'
type Vars = Record<VarName, string>
type Template = (v: Vars, i18n: I18n) => { subject: MessageDescriptor; text: MessageDescriptor }

/** The words of direct booking mail (decision 70): what happened and each status, with what it means for the driver. */
const bookingKinds: Record<DirectBookingKind, MessageDescriptor> = {
  breakdown: msg({ message: 'breakdown', context: 'assistance request' }),
  accident_with_other_party: msg({ message: 'accident with the other party', context: 'assistance request' }),
  accident_without_other_party: msg({ message: 'accident without the other party', context: 'assistance request' }),
  towing: msg({ message: 'towing', context: 'assistance request' }),
}
const bookingStatuses: Record<DirectBookingStatus, MessageDescriptor> = {
  received: msg({ message: 'received', context: 'assistance request status' }),
  dispatched: msg({ message: 'help is on the way', context: 'assistance request status' }),
  in_progress: msg({ message: 'in progress', context: 'assistance request status' }),
  closed: msg({ message: 'closed', context: 'assistance request status' }),
  cancelled: msg({ message: 'cancelled', context: 'assistance request status' }),
}
const bookingExplained: Record<DirectBookingStatus, MessageDescriptor> = {
  received: msg`We received the request and will call you soon.`,
  dispatched: msg`Help is on its way to you. Stay safe, near the vehicle, and keep your phone at hand.`,
  in_progress: msg`The crew is working on your request.`,
  closed: msg`The request is closed. Thank you for calling on us.`,
  cancelled: msg`The request was cancelled. If you still need help, send a new request or call us.`,
}

/** A label of a table by the key a caller gave, or the key itself when it is not one. */
function labelOf<K extends string>(table: Record<K, MessageDescriptor>, key: string, i18n: I18n): string {
  return Object.hasOwn(table, key) ? i18n._(table[key as K]) : key
}

/** "Hello Ioana," or, for a guest whose name is unknown, "Hello,". */
const greeting = (name: string, i18n: I18n) => i18n._(name ? msg`Hello ${name},` : msg`Hello,`)

const templates: Record<MailKind, Template> = {
  'password-reset': ({ brand, name, link }) => ({
    subject: msg`Reset your ${brand} password`,
    text: msg`Hello ${name},\n\nYou asked to reset the password of your ${brand} account. Open the link below within 60 minutes:\n\n${link}\n\nIf you did not ask for it, ignore this message: your password stays the same.`,
  }),
  welcome: ({ brand, name, link }) => ({
    subject: msg`Welcome to ${brand}`,
    text: msg`Hello ${name},\n\nYour ${brand} account is ready. Please confirm your e-mail address with the link below:\n\n${link}\n\nYou can buy without confirming; we will remind you if you have not.`,
  }),
  'two-factor-code': ({ brand, code }) => ({
    subject: msg`Your ${brand} sign-in code: ${code}`,
    text: msg`Your sign-in code is ${code}. It is valid for 10 minutes and works once.\n\nIf you are not signing in, change your password.`,
  }),
  'welcome-google': ({ brand, name, link, reset }) => ({
    subject: msg`Welcome to ${brand}`,
    text: msg`Hello ${name},\n\nYour ${brand} account was created with Google. You sign in with the “Continue with Google” button; Google has already confirmed your e-mail address.\n\nYour account: ${link}\n\nIf you would also like to sign in with a password, choose one here:\n\n${reset}`,
  }),
  'email-verify': ({ brand, name, link }) => ({
    subject: msg`Confirm your ${brand} e-mail address`,
    text: msg`Hello ${name},\n\nPlease confirm the e-mail address of your ${brand} account with the link below, within 24 hours:\n\n${link}\n\nIf you have no ${brand} account, ignore this message.`,
  }),
  'email-change': ({ brand, name, link }) => ({
    subject: msg`Confirm your new ${brand} e-mail address`,
    text: msg`Hello ${name},\n\nYou asked for your ${brand} account to use this address from now on. The address changes only when you open the link below, within 24 hours:\n\n${link}\n\nIf you did not ask for this, ignore this message: nothing changes.`,
  }),
  'email-change-notice': ({ brand, name, address, support }) => ({
    subject: msg`Request to change your ${brand} e-mail address`,
    text: msg`Hello ${name},\n\nSomeone asked for your ${brand} account to use the address ${address}. The change happens only once it is confirmed from the new address.\n\nIf it was not you, change your password and write to us at ${support}.`,
  }),
  'password-changed': ({ brand, name, support }) => ({
    subject: msg`Your ${brand} password was changed`,
    text: msg`Hello ${name},\n\nThe password of your ${brand} account was changed, and your other devices were signed out.\n\nIf you did not change it, reset your password at once and write to us at ${support}.`,
  }),
  'account-deleted': ({ brand, support }) => ({
    subject: msg`Your ${brand} account was deleted`,
    text: msg`Hello,\n\nThe ${brand} account of this address was deleted at your request. Your name, phone number and password were erased; we keep only the e-mail address, to know that this account no longer exists.\n\nIf you did not delete it, write to us at ${support}.`,
  }),
  'welcome-checkout': ({ brand, link, confirm }) => ({
    subject: msg`Your ${brand} account has been created`,
    text: msg`Hello,\n\nWe created a ${brand} account for your order, so you can find your policy and documents at any time. Choose a password with the link below within 7 days:\n\n${link}\n\nPlease also confirm your e-mail address:\n\n${confirm}\n\nIf you did not place this order, ignore this message.`,
  }),
  'orders-joined': ({ brand, link, support }) => ({
    subject: msg`New orders in your ${brand} account`,
    text: msg`Hello,\n\nThe e-mail address of your ${brand} account is confirmed. The orders placed without an account with this address have been added to your account; you find them here:\n\n${link}\n\nIf you do not recognise an order, write to us at ${support}.`,
  }),
  'policy-issued': ({ brand, name, product, insurer, number, start, end, verify }) => ({
    subject: msg`${product} ${number} has been issued`,
    text: msg`Hello ${name},\n\n${product} from ${insurer} has been issued: series and number ${number}, valid from ${start} to ${end}.\n\nThe document is attached to this message. Check it online: ${verify}\n\nThank you for choosing ${brand}.`,
  }),
  // `wording` is the product's ("insurance" or "vignette"): a vignette has an issuer, not an insurer.
  'policy-not-issued': ({ name, product, insurer, order, amount, site, support, wording }) => ({
    subject: msg`${product} could not be issued`,
    text:
      wording === 'vignette'
        ? msg`Hello ${name},\n\nWe are sorry: the issuer ${insurer} did not issue the vignette you ordered (order ${order}). The amount of ${amount} has been refunded to your card; it may take a few working days to appear.\n\nYou can buy it again at any time on ${site}. For questions, write to ${support}.`
        : msg`Hello ${name},\n\nWe are sorry: the insurer ${insurer} did not issue the policy you ordered (order ${order}). The amount of ${amount} has been refunded to your card; it may take a few working days to appear.\n\nYou can ask for a new quote at any time on ${site}. For questions, write to ${support}.`,
  }),
  'note-reminder': ({ name, plate, title, excerpt, link }) => ({
    subject: msg`Reminder for ${plate}: ${title}`,
    text: msg`Hello ${name},\n\nYou asked for a reminder about your vehicle ${plate}:\n\n${title}\n\n${excerpt}\n\nThe note: ${link}`,
  }),
  'registration-attempt': ({ brand, name, link, support }) => ({
    subject: msg`Someone tried to create a ${brand} account with your address`,
    text: msg`Hello ${name},\n\nSomeone tried to create a new ${brand} account with this e-mail address, which already belongs to your account. Your account was not changed and no new account was created.\n\nIf it was you and you no longer remember your password, you can reset it here:\n\n${link}\n\nIf it was not you, there is nothing to do. For questions, write to us at ${support}.`,
  }),
  // `what` names the document ("Your RCA policy"); `days` is 30, 7 or 1.
  'policy-end-reminder': ({ name, what, number, insurer, plate, end, days, renew, link, settings }) => {
    const count = Number(days)
    return plate
      ? {
          subject: msg`${what} for ${plate} ends ${plural(count, { 1: 'tomorrow', other: 'in # days' })}`,
          text: msg`Hello ${name},\n\n${what} ${number} (${insurer}) for ${plate} is valid until ${end} inclusive: its last day is ${plural(count, { 1: 'tomorrow', other: 'in # days' })}.\n\nRenew it in good time here: ${renew}\n\nYour orders and documents: ${link}\n\nChoose which reminders you get and where: ${settings}`,
        }
      : {
          subject: msg`${what} ends ${plural(count, { 1: 'tomorrow', other: 'in # days' })}`,
          text: msg`Hello ${name},\n\n${what} ${number} (${insurer}) is valid until ${end} inclusive: its last day is ${plural(count, { 1: 'tomorrow', other: 'in # days' })}.\n\nRenew it in good time here: ${renew}\n\nYour orders and documents: ${link}\n\nChoose which reminders you get and where: ${settings}`,
        }
  },
  // A paper bought elsewhere whose end the owner noted (decision 160): no number or insurer known; `link` is the vehicle's page (a new date, reminders off).
  'vehicle-end-reminder': ({ name, what, plate, end, days, renew, link, settings }) => {
    const count = Number(days)
    return {
      subject: msg`${what} for ${plate} ends ${plural(count, { 1: 'tomorrow', other: 'in # days' })}`,
      text: msg`Hello ${name},\n\n${what} for ${plate} is valid until ${end} inclusive, as noted in your account: its last day is ${plural(count, { 1: 'tomorrow', other: 'in # days' })}.\n\nCompare prices and renew it here: ${renew}\n\nRenewed it already, or want no more of these reminders for this vehicle? Write the new last day or turn them off on the vehicle's page: ${link}\n\nChoose which reminders you get and where: ${settings}`,
    }
  },
  'direct-booking-received': ({ name, reference, plate, phone, link, ...v }, i18n) => {
    const hello = greeting(name, i18n)
    const what = labelOf(bookingKinds, v.kind, i18n)
    return {
      subject: msg`Your request ${reference} was received`,
      text: msg`${hello}\n\nWe received your request for assistance (${what}) for the vehicle ${plate}. The reference is ${reference}: say it when we call you or you call us.\n\nWe will call you on ${phone} as soon as we can, and write to you at every change of its status.\n\n${link}\n\nIf anyone is hurt or in danger, call 112 at once.`,
    }
  },
  'direct-booking-status': ({ name, reference, plate, link, ...v }, i18n) => {
    const hello = greeting(name, i18n)
    const status = labelOf(bookingStatuses, v.status, i18n)
    const explained = labelOf(bookingExplained, v.status, i18n)
    return {
      subject: msg`Request ${reference}: ${status}`,
      text: msg`${hello}\n\nYour request for assistance ${reference} for the vehicle ${plate} has a new status: ${status}.\n\n${explained}\n\n${link}`,
    }
  },
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/**
 * Values a person typed (names, note titles and text, plates, addresses): plain text in every
 * part, never a link, not even one a mail client makes by itself (decision 94).
 */
const TYPED_VARS = new Set(['name', 'title', 'excerpt', 'plate', 'address', 'phone'])
/** Private-use characters fence a typed value while the template is filled in; removed from typed values first. */
const OPEN = '\uE000'
const CLOSE = '\uE001'
const FENCED = /\uE000([^\uE001]*)\uE001/g

/**
 * Text part and subject: `evil.example` reads `evil[.]example` (a dot before a letter, as in
 * every domain; `10.000 km` stays), `https://` reads `https[:]//`, `@` reads `[@]`: no client
 * finds a link in it.
 */
const defangText = (typed: string) =>
  typed
    .replace(/:\/\//g, '[:]//')
    .replace(/(?<=[\p{L}\p{N}])\.(?=\p{L})/gu, '[.]')
    .replace(/@/g, '[@]')

/** HTML part: escaped, and each `.`, `:`, `/` and `@` in its own element, so no text node holds an address a client could turn into a link. */
const typedHtml = (typed: string) => escapeHtml(typed).replace(/[.:/@]/g, (c) => `<span>${c}</span>`)

/** The site's own text: escaped, its links become anchors. */
const ownHtml = (text: string) => escapeHtml(text).replace(/(https?:\/\/\S+)/g, '<a href="$1">$1</a>')

/** A mail value as text in the recipient's language. */
function valueText(value: MailValue, locale: Locale): string {
  if (typeof value === 'string') return value
  if (typeof value === 'number') return String(value)
  if ('date' in value) return formatDate(value.date, locale)
  return productName(locale, value.product)
}

/**
 * Who sends every message, under it: the broker's legal details (Legea 236/2018 asks them on
 * every communication), in the recipient's language.
 */
function signatureOf(broker: BrokerDetails, i18n: I18n): string {
  const { legalName, asfRegistration, fiscalCode, tradeRegister, address, phone, email, complaintsEmail } = broker
  return i18n._(
    msg`${legalName}, insurance broker, ASF register no. ${asfRegistration} · Fiscal code ${fiscalCode} · Trade register ${tradeRegister}\n${address} · Phone ${phone} · ${email} · Complaints: ${complaintsEmail}`,
  )
}

/**
 * The message in the recipient's language; the site's links become anchors in the HTML part, typed values never do.
 * `broker`: signed under the text (the mailer always gives it).
 */
export function renderMail(kind: MailKind, locale: Locale, vars: MailVars, broker?: BrokerDetails): Rendered & { html: string } {
  const i18n = i18nFor(locale)
  const fenced = Object.fromEntries(
    Object.entries(vars).map(([key, raw]) => {
      const value = valueText(raw, locale)
      // Empty values stay empty: templates test them (`plate ? … : …`).
      return [key, TYPED_VARS.has(key) && value !== '' ? `${OPEN}${value.replace(/[\uE000\uE001]/g, '')}${CLOSE}` : value]
    }),
  )
  const template = templates[kind](fenced as Vars, i18n)
  const written = i18n._(template.text)
  const rendered = { subject: i18n._(template.subject), text: broker ? `${written}\n\n--\n${signatureOf(broker, i18n)}` : written }
  const plain = (s: string) => s.replace(FENCED, (_, typed: string) => defangText(typed))
  let body = ''
  let from = 0
  for (const match of rendered.text.matchAll(FENCED)) {
    body += ownHtml(rendered.text.slice(from, match.index)) + typedHtml(match[1]!)
    from = match.index + match[0].length
  }
  body += ownHtml(rendered.text.slice(from))
  const html = `<p>${body.replace(/\n\n/g, '</p>\n<p>').replace(/\n/g, '<br>')}</p>`
  return {
    subject: plain(rendered.subject),
    text: plain(rendered.text),
    html: `<!doctype html><html lang="${locale}"><body style="font-family:system-ui,sans-serif">${html}</body></html>`,
  }
}
