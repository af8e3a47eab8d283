/**
 * Paid orders before new quotes, in one process (decision 167): quotes being asked and policies
 * being issued share `places`. An issuance takes one at once, over the bound if need be (the
 * customer has paid); a new quote waits in line, first come first asked, before its fan-out while
 * they are all taken. Under a crowd of buyers the wait then collects at the start of the funnel,
 * where nothing is paid yet, and the CPU goes to the buyers already past it. A quote never waits
 * longer than `maxWaitMs`: then it goes ahead over the bound, so the line cannot starve anyone nor
 * outlast the stranded-quote check.
 *
 * The bound is fixed: ways of lifting it while the process seemed idle (no issuance lately, an
 * event loop on time) let a crowd arriving together through all at once, and its payments then
 * queued for issuance as before (docs/benchmarks.md, "Issue 22 §2, second pass").
 */
export class QuoteAdmission {
  /** Quotes asking insurers now, admitted through this line. */
  private quotes = 0
  /** Policies being issued now. */
  private issuing = 0
  private readonly waiting: (() => void)[] = []

  /** `places` 0: never bounded. */
  constructor(
    private readonly places: number,
    private readonly maxWaitMs: number,
  ) {}

  private open(): boolean {
    return this.places === 0 || this.quotes + this.issuing < this.places
  }

  /** Resolves when the quote may ask insurers, to the function that gives its place back (call it once). */
  async enter(): Promise<() => void> {
    if (this.waiting.length > 0 || !this.open()) {
      await new Promise<void>((resolve) => {
        const admit = () => {
          clearTimeout(timer)
          resolve()
        }
        const timer = setTimeout(() => {
          this.waiting.splice(this.waiting.indexOf(admit), 1)
          this.quotes++
          resolve()
        }, this.maxWaitMs)
        this.waiting.push(admit)
      })
    } else this.quotes++
    return this.once(() => this.quotes--)
  }

  /** A policy being issued: takes a place now, never waits; returns the function that gives it back. */
  occupy(): () => void {
    this.issuing++
    return this.once(() => this.issuing--)
  }

  private once(release: () => void): () => void {
    let done = false
    return () => {
      if (done) return
      done = true
      release()
      this.drain()
    }
  }

  /** Lets the first in line go while places are free (each one admitted counts before the next is looked at). */
  private drain(): void {
    while (this.waiting.length > 0 && this.open()) {
      this.quotes++
      this.waiting.shift()!()
    }
  }

  /** Quotes waiting for their turn (tests). */
  get queued(): number {
    return this.waiting.length
  }
}
