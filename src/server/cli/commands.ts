import type { z } from 'zod'
import { RedirectRuleInput } from '~/contract/navigation'
import { Partner, PartnerCode } from '~/contract/partners'
import { readFileSync } from 'node:fs'
import { isIsoDate } from '~/contract/iso-date'
import { ProductCode } from '~/contract/site'
import { OrderStatus } from '~/contract/orders'
import { DIRECT_BOOKING_STATUSES, normalizeReference, type DirectBookingStatus } from '~/contract/direct-booking-constants'
import { redirectRuleProblem } from '../site/redirect-rules'

export type Command =
  | { kind: 'maintenance'; active: boolean; message?: string }
  | { kind: 'product-status'; code: ProductCode; available: boolean }
  | { kind: 'seed' }
  | { kind: 'redirect-list' }
  | { kind: 'redirect-add'; rule: RedirectRuleInput }
  | { kind: 'redirect-remove'; from: string }
  | { kind: 'partner-add'; partner: Partner }
  | { kind: 'partner-remove'; code: string }
  | { kind: 'fx-list' }
  | { kind: 'fx-set'; currency: string; rate: string; date?: string }
  | { kind: 'fx-import'; xml: string; file: string }
  | { kind: 'order-list'; status?: OrderStatus }
  | { kind: 'order-show'; id: string }
  | { kind: 'order-retry-issue'; id: string }
  | { kind: 'insurer-list' }
  | { kind: 'insurer-enable'; code: string; enabled: boolean }
  | { kind: 'booking-list'; status?: DirectBookingStatus }
  | { kind: 'booking-set-status'; reference: string; status: DirectBookingStatus }

export const usage = `Usage: npm run cli -- <command>
  maintenance on|off [--message "text"]   switch maintenance mode (every API call but status/health answers 503)
  product-status <code> on|off            make a product available or not (${ProductCode.options.join(', ')})
  seed                                    seed reference data (idempotent)
  redirect list                           list the server redirect rules
  redirect add <from> <to> [--status N]   redirect a site path to a path or an http(s) URL (N: 301, 302 default, 307, 308)
  redirect remove <from>                  remove the rule of a path
  partner add <code> <name>               add or rename a partner (pages /rca-<code>, /terms-<code>)
  partner remove <code>                   deactivate a partner (its pages answer 404)
  fx list                                 the latest exchange rate of each currency (lei per unit)
  fx set <CUR> <rate> [--date YYYY-MM-DD] set a rate, e.g. fx set EUR 5.09 (today in Bucharest unless --date)
  fx import <file.xml>                    load every rate of a BNR feed document (nbrfxrates.xml)
  order list [--status S]                 the latest orders (S: ${OrderStatus.options.join(', ')})
  order show <id>                         one order: status, payment, policies
  order retry-issue <id>                  queue issuance again (paid, or issue_failed before its refund)
  insurer list                            list the insurer catalogue (enabled, products, commission, adapter)
  insurer enable|disable <code>           ask an insurer for prices in new quotes, or stop asking it
  booking list [--status S]               the latest road assistance requests (S: ${DIRECT_BOOKING_STATUSES.join(', ')})
  booking set-status <ref> <status>       move a request on, e.g. booking set-status DB-7K2M9Q dispatched (the driver is told)`

function onOff(value: string | undefined, what: string): boolean {
  if (value === 'on') return true
  if (value === 'off') return false
  throw new Error(`${what}: expected "on" or "off", got ${value === undefined ? 'nothing' : `"${value}"`}`)
}

/** Parses the arguments after `npm run cli --`. Throws with a readable message. */
export function parseCommand(argv: string[]): Command {
  const [name, ...rest] = argv
  switch (name) {
    case 'maintenance': {
      const active = onOff(rest[0], 'maintenance')
      const i = rest.indexOf('--message')
      const message = i >= 0 ? rest[i + 1] : undefined
      if (i >= 0 && !message) throw new Error('--message needs a text')
      return message ? { kind: 'maintenance', active, message } : { kind: 'maintenance', active }
    }
    case 'product-status': {
      const code = ProductCode.safeParse(rest[0])
      if (!code.success) throw new Error(`product-status: unknown product code ${rest[0] === undefined ? '(none)' : `"${rest[0]}"`}`)
      return { kind: 'product-status', code: code.data, available: onOff(rest[1], 'product-status') }
    }
    case 'seed':
      return { kind: 'seed' }
    case 'redirect':
      return parseRedirect(rest)
    case 'partner':
      return parsePartner(rest)
    case 'fx':
      return parseFx(rest)
    case 'order':
      return parseOrder(rest)
    case 'insurer':
      return parseInsurer(rest)
    case 'booking':
      return parseBooking(rest)
    default:
      throw new Error(name ? `Unknown command "${name}"` : 'No command given')
  }
}

/** The reason a rule is refused, worded for the command line (the API answers a 422 instead). */
export function redirectRuleRefusal(rule: { from_path: string; to: string }, publicUrl?: string): string | undefined {
  const problem = redirectRuleProblem(rule, publicUrl)
  if (!problem) return undefined
  return problem.problem === 'reserved' ? `from_path: ${rule.from_path} belongs to the API or the server functions` : `to: ${rule.to} leads back to ${rule.from_path}`
}

const issues = (error: z.ZodError) => error.issues.map((issue) => `${issue.path.join('.') || 'value'}: ${issue.message}`).join('; ')

function parseRedirect([action, ...args]: string[]): Command {
  if (action === 'list') return { kind: 'redirect-list' }
  if (action === 'remove') {
    if (!args[0]?.startsWith('/')) throw new Error('redirect remove: give the path, for example /old-page')
    return { kind: 'redirect-remove', from: args[0] }
  }
  if (action === 'add') {
    const i = args.indexOf('--status')
    if (i >= 0 && args[i + 1] === undefined) throw new Error('redirect add: --status needs 301, 302, 307 or 308')
    const positional = i >= 0 ? args.filter((_, j) => j !== i && j !== i + 1) : args
    if (positional.length > 2) throw new Error(`redirect add: expected <from> <to>, got ${positional.length} arguments (quote a target with spaces)`)
    const input: z.input<typeof RedirectRuleInput> = { from_path: positional[0] ?? '', to: positional[1] ?? '', ...(i >= 0 ? { status_code: Number(args[i + 1]) as 301 } : {}) }
    const rule = RedirectRuleInput.safeParse(input)
    if (!rule.success) throw new Error(`redirect add: ${issues(rule.error)}`)
    const refusal = redirectRuleRefusal(rule.data)
    if (refusal) throw new Error(`redirect add: ${refusal}`)
    return { kind: 'redirect-add', rule: rule.data }
  }
  throw new Error('redirect: expected list, add or remove')
}

function parsePartner([action, code, ...name]: string[]): Command {
  if (action === 'add') {
    const partner = Partner.safeParse({ code, name: name.join(' ').trim() })
    if (!partner.success) throw new Error(`partner add: ${issues(partner.error)}`)
    return { kind: 'partner-add', partner: partner.data }
  }
  if (action === 'remove') {
    if (!code) throw new Error('partner remove: give the partner code')
    const valid = PartnerCode.safeParse(code)
    if (!valid.success) throw new Error(`partner remove: code: ${issues(valid.error)}`)
    return { kind: 'partner-remove', code: valid.data }
  }
  throw new Error('partner: expected add or remove')
}

function parseFx([action, ...args]: string[]): Command {
  if (action === 'list') return { kind: 'fx-list' }
  if (action === 'set') {
    const i = args.indexOf('--date')
    const date = i >= 0 ? args[i + 1] : undefined
    if (i >= 0 && (!date || !isIsoDate(date))) throw new Error('fx set: --date needs a date as YYYY-MM-DD')
    const [currency, rate] = i >= 0 ? args.filter((_, j) => j !== i && j !== i + 1) : args
    if (!currency || !/^[A-Z]{3}$/.test(currency)) throw new Error('fx set: give the currency as three capital letters, for example EUR')
    if (!rate || !/^\d{1,6}(\.\d{1,6})?$/.test(rate) || Number(rate) <= 0) throw new Error('fx set: give the rate in lei per unit, for example 5.09')
    return date ? { kind: 'fx-set', currency, rate, date } : { kind: 'fx-set', currency, rate }
  }
  if (action === 'import') {
    if (!args[0]) throw new Error('fx import: give the path of a BNR XML file')
    return { kind: 'fx-import', xml: readFileSync(args[0], 'utf8'), file: args[0] }
  }
  throw new Error('fx: expected list, set or import')
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

function parseOrder([action, ...args]: string[]): Command {
  if (action === 'list') {
    const i = args.indexOf('--status')
    if (i < 0) return { kind: 'order-list' }
    const status = OrderStatus.safeParse(args[i + 1])
    if (!status.success) throw new Error(`order list: --status is one of ${OrderStatus.options.join(', ')}`)
    return { kind: 'order-list', status: status.data }
  }
  if (action === 'show' || action === 'retry-issue') {
    const id = args[0]
    if (!id || !UUID.test(id)) throw new Error(`order ${action}: give the order id (a UUID)`)
    return action === 'show' ? { kind: 'order-show', id } : { kind: 'order-retry-issue', id }
  }
  throw new Error('order: expected list, show or retry-issue')
}

function parseInsurer([action, code]: string[]): Command {
  if (action === 'list') return { kind: 'insurer-list' }
  if (action === 'enable' || action === 'disable') {
    if (!code || !/^[a-z0-9-]{2,40}$/.test(code)) throw new Error(`insurer ${action}: give the insurer code (lower-case letters, digits and dashes), see \`insurer list\``)
    return { kind: 'insurer-enable', code, enabled: action === 'enable' }
  }
  throw new Error('insurer: expected list, enable or disable')
}

const isBookingStatus = (value: string | undefined): value is DirectBookingStatus => (DIRECT_BOOKING_STATUSES as readonly (string | undefined)[]).includes(value)

function parseBooking([action, ...args]: string[]): Command {
  if (action === 'list') {
    const i = args.indexOf('--status')
    if (i < 0) return { kind: 'booking-list' }
    const status = args[i + 1]
    if (!isBookingStatus(status)) throw new Error(`booking list: --status is one of ${DIRECT_BOOKING_STATUSES.join(', ')}`)
    return { kind: 'booking-list', status }
  }
  if (action === 'set-status') {
    const reference = normalizeReference(args[0] ?? '')
    if (!reference) throw new Error('booking set-status: give the reference of the request, for example DB-7K2M9Q')
    const status = args[1]
    if (!isBookingStatus(status)) throw new Error(`booking set-status: the status is one of ${DIRECT_BOOKING_STATUSES.join(', ')}`)
    return { kind: 'booking-set-status', reference, status }
  }
  throw new Error('booking: expected list or set-status')
}
