/**
 * Where a one-page quote form goes after a post without JavaScript: the same page with the
 * quote, and `wait=1` so the page is rendered once every insurer answered.
 */
export function quotePageUrl(returnTo: string, quote: string): string {
  return `${new URL(returnTo, 'http://site.internal').pathname}?${new URLSearchParams({ quote, wait: '1' })}`
}
