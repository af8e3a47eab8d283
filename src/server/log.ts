type Level = 'debug' | 'info' | 'warn' | 'error'
const order: Record<Level | 'silent', number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 }

function threshold(): number {
  const level = (process.env.LOG_LEVEL ?? 'info') as Level | 'silent'
  return order[level] ?? order.info
}

function serialise(value: unknown): unknown {
  if (value instanceof Error) return { name: value.name, message: value.message, stack: value.stack }
  return value
}

function write(level: Level, event: string, fields: Record<string, unknown> = {}): void {
  if (order[level] < threshold()) return
  const entry: Record<string, unknown> = { time: new Date().toISOString(), level, event }
  for (const [k, v] of Object.entries(fields)) entry[k] = serialise(v)
  const line = JSON.stringify(entry)
  if (level === 'error' || level === 'warn') process.stderr.write(`${line}\n`)
  else process.stdout.write(`${line}\n`)
}

/** Structured JSON logs, one line per event. Never pass secrets in `fields`. */
export const log = {
  debug: (event: string, fields?: Record<string, unknown>) => write('debug', event, fields),
  info: (event: string, fields?: Record<string, unknown>) => write('info', event, fields),
  warn: (event: string, fields?: Record<string, unknown>) => write('warn', event, fields),
  error: (event: string, fields?: Record<string, unknown>) => write('error', event, fields),
}
