import { providerTransport } from '~/server/provider'
import { getSession } from '~/server/session/session'
import { visitor } from '~/server/web/request'

/**
 * `GET /account/vehicles/{id}/diaries.csv`: the diary as a download for the signed-in visitor,
 * a plain link (no script). The provider checks the bearer and the owner; its answer (CSV, or
 * the 404/401 error) is passed through as it is.
 */
export async function diaryCsvHandler({ request, params }: { request: Request; params: { id: string } }): Promise<Response> {
  const session = await getSession()
  if (!session.accessToken) return new Response(null, { status: 302, headers: { location: `/authenticate?last_url=${encodeURIComponent(new URL(request.url).pathname)}` } })
  const transport = providerTransport()
  const query = new URL(request.url).search
  const { clientIp, locale } = visitor()
  const answer = await transport(`/vehicles/${encodeURIComponent(params.id)}/diaries.csv${query}`, { headers: { authorization: `Bearer ${session.accessToken}`, 'accept-language': locale ?? 'ro' } }, clientIp)
  const headers = new Headers({ 'content-type': answer.header('content-type') ?? 'text/plain', 'cache-control': 'no-store' })
  const disposition = answer.header('content-disposition')
  if (disposition) headers.set('content-disposition', disposition)
  return new Response(answer.body, { status: answer.status, headers })
}
