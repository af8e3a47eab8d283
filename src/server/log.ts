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
      serializers: { error: pino.stdSerializers.err },
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
