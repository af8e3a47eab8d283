import { DIARY_CATEGORIES } from '~/contract/account-area-constants'
import { integer, oneOf, searchParams, text } from '~/contract/search-params'

const isoDate = text(10, /^\d{4}-\d{2}-\d{2}$/)

/**
 * The diary's search parameters, checked without zod (decision 78): a page after the first, a
 * period and a category. Apart from the page: a route's search check is in the first load of
 * every page, the page and its chart are not.
 */
export const diarySearch = searchParams({ page: integer(2, Number.MAX_SAFE_INTEGER), from: isoDate, to: isoDate, category: oneOf(...DIARY_CATEGORIES) })
export type DiarySearch = ReturnType<typeof diarySearch>
