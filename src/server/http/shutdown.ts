import type { Server as HttpServer } from 'node:http'
import { log } from '../log'

/** One thing to close on the way out, in order. */
export interface ShutdownStep {
  name: string
  run(): Promise<unknown> | unknown
}

/**
 * Stops the HTTP server from accepting connections and resolves once the requests in flight
 * have been answered. Keep-alive connections are closed as soon as they fall idle; whatever is
 * still open at `deadline` is cut.
 */
export function drainHttpServer(server: HttpServer, deadline: number): Promise<void> {
  return new Promise((resolve) => {
    const idle = setInterval(() => server.closeIdleConnections(), 100)
    const cut = setTimeout(() => server.closeAllConnections(), Math.max(0, deadline - Date.now()))
    server.close(() => {
      clearInterval(idle)
      clearTimeout(cut)
      resolve()
    })
    server.closeIdleConnections()
  })
}

/**
 * On SIGTERM or SIGINT, runs `steps` one after another (each gets what is left of the grace
 * period), then exits 0; a second signal, or a grace period that runs out, exits at once with 1.
 * `steps` receives the deadline, for the steps that wait (draining the HTTP server).
 */
export function onShutdownSignal(graceSeconds: number, steps: (deadline: number) => ShutdownStep[]): void {
  let stopping = false
  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) {
      log.warn('shutdown.forced', { signal })
      process.exit(1)
    }
    stopping = true
    const started = Date.now()
    const deadline = started + graceSeconds * 1000
    log.info('shutdown.started', { signal, grace_s: graceSeconds })
    // The grace period plus a moment for the steps that close at the deadline.
    setTimeout(() => {
      log.error('shutdown.timed_out', { grace_s: graceSeconds })
      process.exit(1)
    }, graceSeconds * 1000 + 2000).unref()
    void (async () => {
      for (const step of steps(deadline)) {
        try {
          await step.run()
        } catch (error) {
          log.error('shutdown.step_failed', { step: step.name, error })
        }
      }
      log.info('shutdown.done', { ms: Date.now() - started })
      process.exit(0)
    })()
  }
  process.on('SIGTERM', shutdown)
  process.on('SIGINT', shutdown)
}
