import { RateWindow } from './rate-window'

export type Admission = 'admitted' | 'too_many_open' | 'too_fast'

/**
 * WebSocket connections per client address on one node: how many it holds open,
 * and how many it opens per second. One address is often many visitors (an office, a mobile
 * network), so both limits are generous; they stop one machine from holding a node's sockets.
 */
export class AddressLimits {
  private readonly open = new Map<string, number>()
  private readonly opening = new Map<string, RateWindow>()

  constructor(
    private readonly maxOpen: number,
    private readonly perSecond: number,
  ) {}

  /** Counts a connection attempt from `address`; when admitted, `release` it once it closes. */
  admit(address: string, now = Date.now()): Admission {
    if (this.perSecond > 0) {
      let window = this.opening.get(address)
      if (!window) this.opening.set(address, (window = new RateWindow(this.perSecond)))
      if (!window.take(now)) return 'too_fast'
    }
    const held = this.open.get(address) ?? 0
    if (this.maxOpen > 0 && held >= this.maxOpen) return 'too_many_open'
    this.open.set(address, held + 1)
    return 'admitted'
  }

  release(address: string): void {
    const held = (this.open.get(address) ?? 1) - 1
    if (held > 0) this.open.set(address, held)
    else this.open.delete(address)
  }

  /** Forgets the rate windows of addresses that opened nothing this second (the node's sweeper calls it). */
  forgetQuiet(now = Date.now()): void {
    for (const [address, window] of this.opening) if (window.over(now)) this.opening.delete(address)
  }
}
