import type { RouteDef } from './route'

interface Compiled {
  route: RouteDef
  segments: string[]
  paramNames: (string | undefined)[]
}

export type Match = { kind: 'found'; route: RouteDef; params: Record<string, string> } | { kind: 'method'; allow: string[] } | { kind: 'none' }

/** Matches `/a/{b}` style paths; static paths are looked up in a map first. */
export class Router {
  private readonly staticRoutes = new Map<string, Map<string, RouteDef>>()
  private readonly dynamicRoutes: Compiled[] = []

  constructor(routes: RouteDef[]) {
    for (const route of routes) {
      if (!route.path.includes('{')) {
        const byMethod = this.staticRoutes.get(route.path) ?? new Map<string, RouteDef>()
        byMethod.set(route.method, route)
        this.staticRoutes.set(route.path, byMethod)
      } else {
        const segments = route.path.split('/')
        this.dynamicRoutes.push({
          route,
          segments,
          paramNames: segments.map((s) => (s.startsWith('{') && s.endsWith('}') ? s.slice(1, -1) : undefined)),
        })
      }
    }
  }

  match(method: string, path: string): Match {
    const lookup = method === 'HEAD' ? 'GET' : method
    const byMethod = this.staticRoutes.get(path)
    if (byMethod) {
      const route = byMethod.get(lookup)
      return route ? { kind: 'found', route, params: {} } : { kind: 'method', allow: [...byMethod.keys()] }
    }
    const parts = path.split('/')
    const allow: string[] = []
    for (const c of this.dynamicRoutes) {
      const params = matchSegments(c, parts)
      if (!params) continue
      if (c.route.method === lookup) return { kind: 'found', route: c.route, params }
      allow.push(c.route.method)
    }
    return allow.length > 0 ? { kind: 'method', allow } : { kind: 'none' }
  }
}

function matchSegments(c: Compiled, parts: string[]): Record<string, string> | undefined {
  if (parts.length !== c.segments.length) return undefined
  const params: Record<string, string> = {}
  for (let i = 0; i < parts.length; i++) {
    const name = c.paramNames[i]
    const part = parts[i] ?? ''
    if (name) {
      if (part === '') return undefined
      try {
        params[name] = decodeURIComponent(part)
      } catch {
        return undefined
      }
    } else if (part !== c.segments[i]) return undefined
  }
  return params
}
