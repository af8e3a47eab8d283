import { z } from 'zod'
import { OutsideServiceUnavailable, readFromOutside, type UnavailableReason } from '../../http/outside-read'

/**
 * Client of the PAID pool's PAD register (today its sandbox,
 * `GET /sandbox/insurers/paid/pad-policies/{number}`): the policy an existing PAD number names,
 * with its period and the address it covers, or null when the pool has none.
 */
export const PadPolicy = z.object({
  number: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  address: z.object({ county: z.string(), locality: z.string(), street: z.string() }),
})
export type PadPolicy = z.infer<typeof PadPolicy>

export class PadRegisterUnavailable extends OutsideServiceUnavailable {
  constructor(reason: UnavailableReason, detail?: string, transient?: boolean) {
    super('PAD register', reason, detail, transient)
  }
}

export function createPadRegisterClient(options: { baseUrl: string; timeoutMs?: number }) {
  const budgetMs = options.timeoutMs ?? 4_000
  const base = `${options.baseUrl}/sandbox/insurers/paid/pad-policies`
  return {
    /** A read: asked once more after a timeout or a 5xx, inside the budget. */
    find: async (number: string): Promise<PadPolicy | null> =>
      (await readFromOutside({ url: `${base}/${encodeURIComponent(number)}`, schema: PadPolicy, budgetMs, absentOn: [404], unavailable: PadRegisterUnavailable })) ?? null,
  }
}
