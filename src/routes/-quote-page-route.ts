import { oneOf, publicId, searchParams } from '~/contract/search-params'
import { getQuote } from '~/features/quotes/quote.functions'

/** The search of a one-page quote (travel, house): the quote shown below the form. */
export const quotePageSearch = searchParams({
  quote: publicId,
  /** Set by the post without JavaScript: the page waits until every insurer answered. */
  wait: oneOf(1),
})
export type QuotePageSearch = ReturnType<typeof quotePageSearch>

export const quotePageDeps = ({ search }: { search: QuotePageSearch }) => ({ quote: search.quote, wait: search.wait })

/** The quote of the search, if any (null when there is none or it is unknown), and the time it was read. */
export async function loadQuotePage(deps: ReturnType<typeof quotePageDeps>) {
  const quote = deps.quote ? await getQuote({ data: { id: deps.quote, complete: deps.wait === 1 } }) : null
  return { quote, asked: Boolean(deps.quote), now: Date.now() }
}
