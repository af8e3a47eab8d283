import { createServerFn } from '@tanstack/react-start'
import { publicConfig } from '../../../app.config'
import { getConfig } from '~/server/config'
import { requestLocale } from '~/server/web/request'

/** What every page needs before rendering: the visitor's language and the public settings. */
export const getShellContext = createServerFn({ method: 'GET' }).handler(() => ({
  locale: requestLocale(),
  config: publicConfig(getConfig()),
}))
