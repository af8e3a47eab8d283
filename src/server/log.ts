import pino, { type Logger } from 'pino'
import { currentRequestId } from './request-context'

type Level = 'debug' | 'info' | 'warn' | 'error'
const LEVELS = new Set(['debug', 'info', 'warn', 'error', 'silent'])

/** Set by `setLogLevel` (tests raise it to read lines); else LOG_LEVEL, read when the logger is made. */
let levelOverride: string | undefined

function wantedLevel(): string {
  const level = levelOverride ?? process.env.LOG_LEVEL ?? 'info'
  return LEVELS.has(level) ? level : 'info'
}

/**
 * One JSON line per event: `time` (ISO), `level` (a word), `event`, the request id of the
 * request being handled (`request_id`), then the fields. Warnings and errors go to stderr,
 * the rest to stdout; both synchronously, so nothing is lost when the process exits.
 */
function createLogger(): Logger {
  return pino(
    {
      level: wantedLevel(),
      base: undefined,
      messageKey: 'event',
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      // `error` is the field name every call site uses for a caught value.
      serializers: { error: (error: unknown) => withoutValues(pino.stdSerializers.err(error as Error)) },
      mixin: () => {
        const requestId = currentRequestId()
        return requestId ? { request_id: requestId } : {}
      },
    },
    pino.multistream(
      [
        { level: 'debug', stream: process.stdout },
        { level: 'warn', stream: process.stderr },
      ],
      { dedupe: true },
    ),
  )
}

/**
 * A database error carries the statement's values (`params`, a message line `params: …`, a
 * `detail` such as `Key (email)=(…)`, a quoted `"…"` in the driver's sentence): names, e-mails,
 * phones and addresses. The log keeps the statement and the error's kind, never the values
 *; causes are cleaned alike.
 */
const VALUE_FIELDS = new Set(['params', 'parameters', 'detail', 'where', 'internalQuery'])
const isDatabaseError = (error: Record<string, unknown>) => 'query' in error || 'params' in error || (typeof error.code === 'string' && /^[0-9A-Z]{5}$/.test(error.code))
function withoutValues(serialized: unknown, depth = 0): unknown {
  if (depth > 5 || serialized === null || typeof serialized !== 'object') return serialized
  const error = serialized as Record<string, unknown>
  const database = isDatabaseError(error)
  const clean: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(error)) {
    if (VALUE_FIELDS.has(key)) continue
    if ((key === 'message' || key === 'stack') && typeof value === 'string') {
      const text = value.replace(/\nparams: [^\n]*/g, '\nparams: [left out]')
      clean[key] = database ? text.replace(/"(?:[^"\\\n]|\\.)*"/g, '"[left out]"') : text
    } else clean[key] = Array.isArray(value) ? value.map((item: unknown) => withoutValues(item, depth + 1)) : withoutValues(value, depth + 1)
  }
  return clean
}

let logger: Logger | undefined

// The level is read once, not from `process.env` on every check: hot paths ask `log.enabled` per request.
function current(): Logger {
  return (logger ??= createLogger())
}

/** Changes the level while the process runs (tests that read log lines); `undefined` goes back to LOG_LEVEL. */
export function setLogLevel(level: Level | 'silent' | undefined): void {
  levelOverride = level
  if (logger) logger.level = wantedLevel()
}

function write(level: Level, event: string, fields: Record<string, unknown> = {}): void {
  const logger = current()
  if (!logger.isLevelEnabled(level)) return
  logger[level](fields, event)
}

/** Structured JSON logs (pino), one line per event. Never pass secrets in `fields`. */
export const log = {
  debug: (event: string, fields?: Record<string, unknown>) => write('debug', event, fields),
  info: (event: string, fields?: Record<string, unknown>) => write('info', event, fields),
  warn: (event: string, fields?: Record<string, unknown>) => write('warn', event, fields),
  error: (event: string, fields?: Record<string, unknown>) => write('error', event, fields),
  /** Whether a line of `level` would be written: a hot path checks it before building its fields. */
  enabled: (level: Level) => current().isLevelEnabled(level),
}
