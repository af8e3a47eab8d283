import { z } from 'zod'

export const PartnerCode = z.string().regex(/^[a-z0-9-]{2,40}$/)
export const Partner = z.object({ code: PartnerCode, name: z.string().min(1).max(120) })
export type Partner = z.infer<typeof Partner>
export const PartnerLookup = z.object({ data: Partner })

/** A partner page's lookup from the web app (`getPartner`): the code in its path, and the path for the 404 message. */
export const PartnerPageInput = z.object({ code: z.string().min(1).max(64), pathname: z.string().max(2048) })
