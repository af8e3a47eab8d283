import { timestamp } from 'drizzle-orm/pg-core'

/** Column helpers every table uses: times are stored with their zone. */
export const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })
export const createdAt = () => at('created_at').notNull().defaultNow()
export const updatedAt = () => at('updated_at').notNull().defaultNow()
