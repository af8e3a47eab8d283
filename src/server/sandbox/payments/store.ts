/**
 * The sandbox processor's book: its payments and the notifications it still owes the merchant.
 * In memory, and appended to a file when it has a data folder (last line of an id wins), so a
 * restart neither forgets a payment nor a notification not yet acknowledged — as a processor's would.
 */
import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs'
import path from 'node:path'

export type SandboxPaymentStatus = 'pending' | 'awaiting_3ds' | 'approved' | 'declined' | 'refunded'

export interface SandboxNotification {
  /** Unique per notification: a merchant that sees one twice knows it is the same. */
  id: string
  body: string
  attempts: number
  nextAttemptAt: number
  acknowledged: boolean
}

export interface SandboxPayment {
  id: string
  merchantReference: string
  amount: number
  currency: string
  description: string
  returnUrl: string
  notifyUrl: string
  locale: string
  /** ISO instant after which the card form is refused; null when the merchant set none. */
  expiresAt: string | null
  status: SandboxPaymentStatus
  reason: string | null
  createdAt: string
  notifications: SandboxNotification[]
  /** The refund asked, by its idempotency key (one: a payment is refunded once). */
  refunds?: { key: string; at: string }[]
}

export class SandboxPaymentStore {
  private readonly byId = new Map<string, SandboxPayment>()
  private readonly file: string | undefined

  constructor(dataDir?: string) {
    this.file = dataDir && dataDir !== ':memory:' ? path.resolve(dataDir, 'sandbox-payments.jsonl') : undefined
    if (this.file && existsSync(this.file)) {
      for (const line of readFileSync(this.file, 'utf8').split('\n')) {
        if (!line.trim()) continue
        try {
          const payment = JSON.parse(line) as SandboxPayment
          this.byId.set(payment.id, payment)
        } catch {
          // A line cut short by a crash: the earlier state of that payment stands.
        }
      }
    }
  }

  get(id: string): SandboxPayment | undefined {
    return this.byId.get(id)
  }

  save(payment: SandboxPayment): void {
    this.byId.set(payment.id, payment)
    if (this.file) {
      mkdirSync(path.dirname(this.file), { recursive: true })
      appendFileSync(this.file, `${JSON.stringify(payment)}\n`)
    }
  }

  all(): SandboxPayment[] {
    return [...this.byId.values()]
  }

  /** Payments with a notification still owed. */
  owing(): SandboxPayment[] {
    return [...this.byId.values()].filter((p) => p.notifications.some((n) => !n.acknowledged))
  }
}
