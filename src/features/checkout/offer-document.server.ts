import { providerTransport } from '~/server/provider'
import { visitor } from '~/server/web/request'

const OFFER_ID = /^[A-Za-z0-9_-]{1,64}$/
const KINDS = new Set(['ipid', 'general_conditions'])

/**
 * `GET /offers/{id}/documents/{kind}`: the insurer's IPID or general conditions of an offer, a
 * plain link that works without JavaScript. The provider reads it from the insurer and answers
 * the PDF or its 404/502, passed through as they are.
 */
export async function offerDocumentHandler({ params }: { params: { id: string; kind: string } }): Promise<Response> {
  if (!OFFER_ID.test(params.id) || !KINDS.has(params.kind)) return new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } })
  const { clientIp, locale } = visitor()
  const answer = await providerTransport()(`/offers/${params.id}/documents/${params.kind}`, { headers: { 'accept-language': locale ?? 'ro' } }, clientIp)
  const out = new Headers({ 'content-type': answer.header('content-type') ?? 'application/octet-stream', 'cache-control': answer.header('cache-control') ?? 'no-store' })
  const disposition = answer.header('content-disposition')
  if (disposition) out.set('content-disposition', disposition)
  return new Response(answer.body, { status: answer.status, headers: out })
}
