import { addDays } from '~/contract/iso-date'
import { todayInBucharest } from '~/i18n/dates'
import { getQuote } from '~/features/quotes/quote.functions'
import { getVignetteTariffs } from '~/features/vignettes/vignettes.functions'
import { oneOf, publicId, searchParams } from '~/contract/search-params'

/** The vignette pages' search: the quote shown under the form, and `wait` after a post without JavaScript. */
export const vignetteSearch = searchParams({
  quote: publicId,
  /** Set by the post without JavaScript: the page waits until the issuer answered. */
  wait: oneOf(1),
})
export type VignetteSearch = ReturnType<typeof vignetteSearch>

export const vignetteLoaderDeps = ({ search }: { search: VignetteSearch }) => ({ quote: search.quote, wait: search.wait })

/** The tariffs the forms offer, the quote asked for (if any), and the dates a start may take. */
export async function loadVignette(deps: ReturnType<typeof vignetteLoaderDeps>, daysAhead: number) {
  const [tariffs, quote] = await Promise.all([getVignetteTariffs(), deps.quote ? getQuote({ data: { id: deps.quote, complete: deps.wait === 1 } }) : Promise.resolve(null)])
  const now = Date.now()
  const today = todayInBucharest(new Date(now))
  return { tariffs, quote, now, today, latest: addDays(today, daysAhead) }
}
