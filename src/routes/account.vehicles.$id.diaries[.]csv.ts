import { createFileRoute } from '@tanstack/react-router'
import { diaryCsvHandler } from '~/features/account-area/diary-csv.server'

/** The diary's CSV download: no page, a server handler behind a plain link. */
export const Route = createFileRoute('/account/vehicles/$id/diaries.csv')({
  server: { handlers: { GET: diaryCsvHandler } },
})
