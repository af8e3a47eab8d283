import { createServerFn } from '@tanstack/react-start'
import { PageViewCreated, PageViewInput } from '~/contract/navigation'
import { contractInput } from '~/server/web/forms'
import { callProvider } from '~/server/web/request'

/** Stores a page view with the provider (the default sink). Only called with analytics consent. */
export const recordPageView = createServerFn({ method: 'POST' })
  .validator(contractInput(PageViewInput))
  .handler(({ data }) => callProvider('/analytics/page-views', { method: 'POST', json: data, schema: PageViewCreated }))
