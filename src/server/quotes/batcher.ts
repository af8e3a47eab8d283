/**
 * Writes items in batches without waiting to fill one: the first item is written at once;
 * items that arrive while a write is under way go together in the next. Idle, an item costs
 * one statement as before; under load, hundreds of items a second become a few statements
 * (docs/benchmarks.md, quotes). A batch that fails is written again item by item, so one bad
 * item fails alone.
 */
export class Batcher<T> {
  private queue: { item: T; resolve: () => void; reject: (error: unknown) => void }[] = []
  private writing = false

  constructor(
    private readonly writeBatch: (items: T[]) => Promise<void>,
    private readonly maxBatch = 500,
  ) {}

  /** Resolves once the item is written (or rejects with its own write's error). */
  write(item: T): Promise<void> {
    return new Promise((resolve, reject) => {
      this.queue.push({ item, resolve, reject })
      void this.drain()
    })
  }

  private async drain(): Promise<void> {
    if (this.writing) return
    this.writing = true
    try {
      while (this.queue.length > 0) {
        const batch = this.queue.splice(0, this.maxBatch)
        try {
          await this.writeBatch(batch.map((entry) => entry.item))
          for (const entry of batch) entry.resolve()
        } catch (error) {
          if (batch.length === 1) batch[0]?.reject(error)
          else for (const entry of batch) await this.writeBatch([entry.item]).then(entry.resolve, entry.reject)
        }
      }
    } finally {
      this.writing = false
    }
  }
}
