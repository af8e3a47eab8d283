/**
 * When a page view counts (spec §4): the first load, each history push, back/forward
 * navigation, and a hash change only when the router runs in hash mode. Replacements
 * (redirects, search normalisation) do not count. Pure, so it is unit-tested.
 */
export type Navigation = 'load' | 'push' | 'back_forward' | 'hash'
export type HistoryAction = 'PUSH' | 'REPLACE' | 'BACK' | 'FORWARD' | 'GO'

export interface PageView {
  path: string
  navigation: Navigation
  referrer?: string
  locale?: string
  view_session: string
}

/** A sink receives page views: the provider API by default; pluggable for a hosted analytics service. */
export interface PageViewSink {
  send(view: PageView): Promise<void>
}

export function classifyNavigation(action: HistoryAction | undefined, onlyHashChanged: boolean, hashMode: boolean): Navigation | undefined {
  if (onlyHashChanged) return hashMode && action !== 'REPLACE' ? 'hash' : undefined
  switch (action) {
    case 'PUSH':
      return 'push'
    case 'BACK':
    case 'FORWARD':
    case 'GO':
      return 'back_forward'
    default:
      return undefined
  }
}
