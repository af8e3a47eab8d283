import { DIARY_CATEGORIES } from '~/contract/account-area-constants'

export interface DiarySearch {
  page?: number
  from?: string
  to?: string
  category?: string
}

const isoDate = (v: unknown) => (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : undefined)

/**
 * The diary's search parameters, checked without zod (decision 78). Apart from the page: a route's
 * search check is in the first load of every page, the page and its chart are not.
 */
export function diarySearch(search: Record<string, unknown>): DiarySearch {
  const page = Number(search.page)
  const category = typeof search.category === 'string' && (DIARY_CATEGORIES as readonly string[]).includes(search.category) ? search.category : undefined
  return { page: Number.isInteger(page) && page > 1 ? page : undefined, from: isoDate(search.from), to: isoDate(search.to), category }
}
