import { z } from 'zod'

/** `GET /api/v1/addresses/localities?county=`: a county by name or plate code, as the address forms send it. */
export const LocalitiesQuery = z.object({ county: z.string({ error: 'customer_county_unknown' }).trim().min(1, 'customer_county_unknown').max(60, 'customer_county_unknown') })

/** The county's official name and its localities (SIRUTA), sorted: the address forms' type-ahead. */
export const LocalityList = z.object({ data: z.object({ county: z.string(), localities: z.array(z.string()) }) })
export type LocalityList = z.infer<typeof LocalityList>
