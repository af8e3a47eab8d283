/**
 * Wakes the long-polls waiting on one id (a quote, an order) on this node as soon as what they
 * wait for is written here. Changes written by another node wake no one: a long-poll that can
 * miss them re-reads the database on its own, at a short interval.
 */
export class LongPollWakeUps {
  private readonly waiters = new Map<string, Set<() => void>>()

  /**
   * Resolves at the next `notify(id)` (to true), or after `ms` or when `signal` aborts (to
   * false), whichever comes first.
   */
  wait(id: string, ms: number, signal?: AbortSignal): Promise<boolean> {
    return new Promise((resolve) => {
      let set = this.waiters.get(id)
      if (!set) this.waiters.set(id, (set = new Set()))
      const waiters = set
      const end = (notified: boolean) => {
        clearTimeout(timer)
        signal?.removeEventListener('abort', giveUp)
        waiters.delete(wake)
        if (waiters.size === 0 && this.waiters.get(id) === waiters) this.waiters.delete(id)
        resolve(notified)
      }
      const wake = () => end(true)
      const giveUp = () => end(false)
      const timer = setTimeout(giveUp, Math.max(0, ms))
      waiters.add(wake)
      if (signal?.aborted) giveUp()
      else signal?.addEventListener('abort', giveUp, { once: true })
    })
  }

  notify(id: string): void {
    const set = this.waiters.get(id)
    if (!set) return
    for (const wake of [...set]) wake()
  }

  /** Polls waiting on this node (for tests and metrics). */
  get waiting(): number {
    let n = 0
    for (const set of this.waiters.values()) n += set.size
    return n
  }
}
