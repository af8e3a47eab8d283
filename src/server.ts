/**
 * Server entry: the provider API answers `/api/v1` directly, in front of the Start handler,
 * so API calls skip Start's request scope, page routing and SSR entirely. Pages and server
 * functions go to Start's default entry.
 */
import startEntry from '@tanstack/react-start/server-entry'
import { API_BASE, getProcessApi, type Api } from './server/api'
import { getConfig } from './server/config'

let api: Api | undefined

export default {
  async fetch(request: Request): Promise<Response> {
    const { pathname } = new URL(request.url)
    if ((pathname === API_BASE || pathname.startsWith(`${API_BASE}/`)) && !getConfig().PROVIDER_API_URL) {
      api ??= await getProcessApi()
      return api.fetch(request)
    }
    return startEntry.fetch(request)
  },
}
