import type { z } from 'zod'
import { RedirectRuleInput } from '~/contract/navigation'
import { Partner, PartnerCode } from '~/contract/partners'
import { ProductCode } from '~/contract/site'
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

export const usage = `Usage: npm run cli -- <command>
  maintenance on|off [--message "text"]   switch maintenance mode (every API call but status/health answers 503)
  product-status <code> on|off            make a product available or not (${ProductCode.options.join(', ')})
  seed                                    seed reference data (idempotent)
  redirect list                           list the server redirect rules
  redirect add <from> <to> [--status N]   redirect a site path to a path or an http(s) URL (N: 301, 302 default, 307, 308)
  redirect remove <from>                  remove the rule of a path
  partner add <code> <name>               add or rename a partner (pages /rca-<code>, /terms-<code>)
  partner remove <code>                   deactivate a partner (its pages answer 404)`

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
