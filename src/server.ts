/**
 * Server entry: the provider API answers `/api/v1` directly, in front of the Start handler,
 * so API calls skip page routing and SSR entirely. Pages and server functions go to Start.
 */
import { createServerEntry } from '@tanstack/react-start/server-entry'
import handler from '@tanstack/react-start/server-entry'
import { API_BASE, getProcessApi } from './server/api'
import { getConfig } from './server/config'

export default createServerEntry({
  async fetch(request) {
    const { pathname } = new URL(request.url)
    if ((pathname === API_BASE || pathname.startsWith(`${API_BASE}/`)) && !getConfig().PROVIDER_API_URL) {
      return (await getProcessApi()).fetch(request)
    }
    return handler.fetch(request)
  },
})
