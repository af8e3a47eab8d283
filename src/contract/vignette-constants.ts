/** The vignette rules the route loaders need as well as the schema, zod-free so the first load takes them without zod (decision 6). */

/** A rovinietă may be bought up to 30 days ahead (romania-insurance-facts.md §2). */
export const RO_VIGNETTE_MAX_DAYS_AHEAD = 30
/** A Hungarian vignette up to 31 days ahead: next year's annual is pre-sold from 1 December for 1 January (romania-insurance-facts.md §3.3). */
export const HU_VIGNETTE_MAX_DAYS_AHEAD = 31
