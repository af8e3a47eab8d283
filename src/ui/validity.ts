import { notFound } from '@tanstack/react-router'
import { pageNotFoundMessage } from '~/contract/paths'

/** A page's validity check (spec §2): when `valid` is false the page is a 404 with "Page Not Found: {path}". */
export function assertValidPage(valid: boolean, pathname: string): void {
  if (!valid) throw notFound({ data: { message: pageNotFoundMessage(pathname) } })
}
