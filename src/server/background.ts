import { log } from './log'

/** The work started and not finished yet: what `backgroundSettled` waits for. */
const pending = new Set<Promise<void>>()

/**
 * Work a request starts and does not wait for (mail delivery, the lookup behind a reset
 * request): it begins once the current request has answered. Nobody awaits it, so a failure is
 * logged, never thrown. Work still pending when the process stops is lost.
 */
export function afterAnswering(task: string, work: () => Promise<unknown>): void {
  let finished!: () => void
  const running = new Promise<void>((resolve) => (finished = resolve))
  pending.add(running)
  setImmediate(() => {
    work()
      .catch((error: unknown) => log.error('background.failed', { task, error }))
      .finally(() => {
        pending.delete(running)
        finished()
      })
  })
}

/**
 * Resolves once the work started so far, and any work it started in turn, has finished: tests
 * wait for this state instead of sleeping "long enough" for work done after an answer.
 */
export async function backgroundSettled(): Promise<void> {
  while (pending.size > 0) await Promise.all(pending)
}
