import { setLogLevel } from '~/server/log'

type LogLevel = NonNullable<Parameters<typeof setLogLevel>[0]>

/**
 * Catches what the log writes (stdout and stderr) from `capture()` until `restore()`, at the given
 * level, into `lines`; a test then reads the log lines its requests made.
 */
export function logCapture(level: LogLevel) {
  const lines: string[] = []
  let restore: (() => void) | undefined
  return {
    lines,
    capture() {
      setLogLevel(level)
      const out = process.stdout.write.bind(process.stdout)
      const err = process.stderr.write.bind(process.stderr)
      const grab = (chunk: unknown) => {
        lines.push(String(chunk))
        return true
      }
      process.stdout.write = grab as typeof process.stdout.write
      process.stderr.write = grab as typeof process.stderr.write
      restore = () => {
        process.stdout.write = out
        process.stderr.write = err
        setLogLevel(undefined)
      }
    },
    restore() {
      restore?.()
      restore = undefined
    },
  }
}
