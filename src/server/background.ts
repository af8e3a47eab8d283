import { log } from './log'

/**
 * Work a request starts and does not wait for (mail delivery, the lookup behind a reset
 * request): it begins once the current request has answered. Nobody awaits it, so a failure is
 * logged, never thrown. Work still pending when the process stops is lost.
 */
export function afterAnswering(task: string, work: () => Promise<unknown>): void {
  setImmediate(() => {
    work().catch((error: unknown) => log.error('background.failed', { task, error }))
  })
}
