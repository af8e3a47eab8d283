import { z } from 'zod'

export const PartnerCode = z.string().regex(/^[a-z0-9-]{2,40}$/)
export const Partner = z.object({ code: PartnerCode, name: z.string().min(1).max(120) })
export type Partner = z.infer<typeof Partner>
export const PartnerLookup = z.object({ data: Partner })
