import { providerTransport } from '~/server/provider'
import { getSession } from '~/server/session/session'
import { visitor } from '~/server/web/request'
import { orderAccessHeaders } from './order-access.server'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * `GET /orders/{id}/document[?policy=]`: the policy PDF for whoever may read the order (the owner's
 * session, or the guest token this browser keeps), a plain link. The provider checks the right
 * and answers the PDF or its 404/409, passed through as they are.
 */
export async function orderDocumentHandler({ request, params }: { request: Request; params: { id: string } }): Promise<Response> {
  // `?policy=`: one policy of a bundle (PAD and optional cover); the order's first without it.
  const policy = new URL(request.url).searchParams.get('policy')
  if (!UUID.test(params.id) || (policy !== null && !UUID.test(policy)))
    return new Response('Not found', {
      status: 404,
      headers: { 'content-type': 'text/plain; charset=utf-8' },
    })
  const session = await getSession()
  const headers: Record<string, string> = {
    ...(await orderAccessHeaders(params.id)),
  }
  if (session.accessToken) headers.authorization = `Bearer ${session.accessToken}`
  const { clientIp, locale } = visitor()
  headers['accept-language'] = locale ?? 'ro'
  const transport = providerTransport()
  const path = policy ? `/orders/${params.id}/policies/${policy}/document` : `/orders/${params.id}/document`
  const answer = await transport(path, { headers }, clientIp)
  const out = new Headers({
    'content-type': answer.header('content-type') ?? 'application/octet-stream',
    'cache-control': 'private, no-store',
  })
  const disposition = answer.header('content-disposition')
  if (disposition) out.set('content-disposition', disposition)
  return new Response(answer.body, { status: answer.status, headers: out })
}
