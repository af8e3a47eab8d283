import { z } from 'zod'
import { PageViewCreated, PageViewInput, RedirectLookup, RedirectQuery, RedirectRule, RedirectRuleInput, SitePath } from '~/contract/navigation'
import { redirectRuleProblem } from '../../site/redirect-rules'
import { ApiError } from '../errors'
import { prettyMessage } from '../../i18n/api-messages'
import { defineRoute } from '../route'

const limit = z.coerce.number().int().min(1).max(500).default(50)

/** Redirect rules and page views: what the web app checks and reports on each navigation. */
export const navigationRoutes = [
  defineRoute({
    method: 'GET',
    path: '/redirects',
    tag: 'navigation',
    summary: 'The redirect rule for a site path, or null. Checked by the web app on every navigation.',
    query: RedirectQuery,
    response: RedirectLookup,
    handler: async ({ query, deps }) => ({ body: { data: await deps.redirects.lookup(query.path) } }),
  }),
  defineRoute({
    method: 'POST',
    path: '/analytics/page-views',
    tag: 'navigation',
    summary: 'Stores a page view (sent only with the visitor’s analytics consent). No IP address is kept.',
    body: PageViewInput,
    response: PageViewCreated,
    status: 201,
    handler: async ({ body, deps }) => ({ body: await deps.pageViews.record(body) }),
  }),
  defineRoute({
    method: 'GET',
    path: '/operator/redirects',
    tag: 'operator',
    summary: 'Lists the redirect rules.',
    auth: 'operator',
    duringMaintenance: true,
    response: z.object({ data: z.array(RedirectRule) }),
    handler: async ({ deps }) => ({ body: { data: await deps.redirects.list() } }),
  }),
  defineRoute({
    method: 'PUT',
    path: '/operator/redirects',
    tag: 'operator',
    summary: 'Creates or replaces the redirect rule of a path. Refuses (422) `/api` and `/_serverFn` paths and a target leading back to its source.',
    auth: 'operator',
    duringMaintenance: true,
    body: RedirectRuleInput,
    response: RedirectRule,
    handler: async ({ body, deps, locale }) => {
      const problem = redirectRuleProblem(body, deps.config.PUBLIC_URL)
      if (problem) throw new ApiError(422, 'redirect_invalid', { [problem.field]: [prettyMessage(locale, problem.problem === 'reserved' ? 'redirect_reserved_path' : 'redirect_loop')] })
      return { body: await deps.redirects.upsert(body) }
    },
  }),
  defineRoute({
    method: 'DELETE',
    path: '/operator/redirects',
    tag: 'operator',
    summary: 'Removes the redirect rule of a path.',
    auth: 'operator',
    duringMaintenance: true,
    query: z.object({ from_path: SitePath }),
    response: z.object({ removed: z.boolean() }),
    handler: async ({ query, deps }) => ({ body: { removed: await deps.redirects.remove(query.from_path) } }),
  }),
  defineRoute({
    method: 'GET',
    path: '/operator/page-views',
    tag: 'operator',
    summary: 'Recent page views, newest first; optionally of one browser tab (`view_session`).',
    auth: 'operator',
    duringMaintenance: true,
    query: z.object({ view_session: z.string().max(64).optional(), limit }),
    response: z.object({ data: z.array(PageViewInput.extend({ id: z.uuid(), created_at: z.iso.datetime({ offset: true }) })) }),
    handler: async ({ query, deps }) => ({ body: { data: await deps.pageViews.recent({ viewSession: query.view_session, limit: query.limit }) } }),
  }),
]
