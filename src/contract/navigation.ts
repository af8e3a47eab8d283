import { z } from 'zod'

/**
 * A site path: starts with one slash, no scheme or host. No custom message, so the API's
 * per-language zod messages apply.
 */
export const SitePath = z
  .string()
  .min(1)
  .max(2048)
  .regex(/^\/(?!\/)/)

/** Where a redirect rule sends a path: another site path, or an absolute http(s) URL (leaves the site). */
export const RedirectTarget = z.union([SitePath, z.url({ protocol: /^https?$/ }).max(2048)])

export const RedirectRule = z.object({
  from_path: SitePath,
  to: RedirectTarget,
  status_code: z.union([z.literal(301), z.literal(302), z.literal(307), z.literal(308)]),
  /** True when `to` is on another site. */
  is_external: z.boolean(),
})
export type RedirectRule = z.infer<typeof RedirectRule>

export const RedirectQuery = z.object({ path: SitePath })
export const RedirectLookup = z.object({ data: RedirectRule.nullable() })

export const RedirectRuleInput = RedirectRule.omit({ is_external: true }).extend({
  /** A path alone: lookups match the path, never a query or fragment. */
  from_path: SitePath.regex(/^[^?#]*$/),
  status_code: RedirectRule.shape.status_code.default(302),
})
export type RedirectRuleInput = z.output<typeof RedirectRuleInput>

/** One page view; sent only with the visitor's analytics consent. */
export const PageViewInput = z.object({
  path: SitePath,
  /** How the visitor got there. */
  navigation: z.enum(['load', 'push', 'back_forward', 'hash']),
  referrer: z.string().max(2048).optional(),
  locale: z.string().length(2).optional(),
  /** Random id kept for the browser tab, to count sessions without cookies. */
  view_session: z.string().min(8).max(64),
})
export type PageViewInput = z.infer<typeof PageViewInput>
export const PageViewCreated = z.object({ id: z.uuid() })

/** The web app's navigation context call (`getNavigationContext`): the address being opened. */
export const NavigationContextInput = z.object({ href: z.string().max(2048) })
