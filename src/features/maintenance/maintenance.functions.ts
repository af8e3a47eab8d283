import { createServerFn } from '@tanstack/react-start'
import { setResponseStatus } from '@tanstack/react-start/server'
import { MaintenanceStatus } from '~/contract/site'
import { providerClient } from '~/server/provider'

/** Maintenance state; while it is on, the page that asks answers with HTTP 503. */
export const getMaintenanceStatus = createServerFn({ method: 'GET' }).handler(async () => {
  const status = await providerClient().call('/maintenances/status', { schema: MaintenanceStatus })
  if (status.is_active) setResponseStatus(503)
  return status
})
