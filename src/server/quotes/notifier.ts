/**
 * Wakes the long-polls of a quote on this node as soon as one of its offers is written here.
 * Answers written by another node are seen by the long-poll's own database re-check instead
 * (every 250 ms), so a poll never depends on which node asked the insurers.
 */
export class QuoteNotifier {
  private readonly waiters = new Map<string, Set<() => void>>()

  /** Resolves at the next `notify(id)` or after `ms`, whichever comes first. */
  wait(id: string, ms: number): Promise<void> {
    return new Promise((resolve) => {
      let set = this.waiters.get(id)
      if (!set) this.waiters.set(id, (set = new Set()))
      const waiters = set
      const wake = () => {
        clearTimeout(timer)
        waiters.delete(wake)
        if (waiters.size === 0 && this.waiters.get(id) === waiters) this.waiters.delete(id)
        resolve()
      }
      const timer = setTimeout(wake, Math.max(0, ms))
      waiters.add(wake)
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
