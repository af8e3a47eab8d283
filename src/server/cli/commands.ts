import { ProductCode } from '~/contract/site'

export type Command =
  | { kind: 'maintenance'; active: boolean; message?: string }
  | { kind: 'product-status'; code: ProductCode; available: boolean }
  | { kind: 'seed' }

export const usage = `Usage: npm run cli -- <command>
  maintenance on|off [--message "text"]   switch maintenance mode (every API call but status/health answers 503)
  product-status <code> on|off            make a product available or not (${ProductCode.options.join(', ')})
  seed                                    seed reference data (idempotent)`

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
    default:
      throw new Error(name ? `Unknown command "${name}"` : 'No command given')
  }
}
