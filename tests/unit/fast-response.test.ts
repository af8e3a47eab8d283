import { describe, expect, it } from 'vitest'
import { ServerResponse } from '~/server/http/fast-response'

describe('ServerResponse (the production server’s Response)', () => {
  it('keeps the status, status text and headers of a response it copies, after its headers are touched', async () => {
    const thrown = new ServerResponse('{"error":1}', { status: 401, statusText: 'Unauthorized', headers: { 'content-type': 'application/json' } })
    const copy = new ServerResponse(thrown.body, thrown)
    copy.headers.set('x-extra', '1')
    const native = (copy as unknown as { _response: Response })._response
    expect([native.status, native.statusText, native.headers.get('content-type'), native.headers.get('x-extra')]).toEqual([401, 'Unauthorized', 'application/json', '1'])
    expect(await native.text()).toBe('{"error":1}')
  })

  it('is a Response, and every Response is one of it', () => {
    expect(new ServerResponse('x')).toBeInstanceOf(Response)
    expect(new Response('x')).toBeInstanceOf(ServerResponse)
    expect({ status: 200 }).not.toBeInstanceOf(ServerResponse)
  })
})
