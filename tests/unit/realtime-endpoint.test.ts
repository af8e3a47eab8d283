import { describe, expect, it } from 'vitest'
import { realtimeSocketEndpoint, type RealtimeEndpointSettings } from '~/contract/realtime'

const base: RealtimeEndpointSettings = { PUSHER_APP_CLUSTER: 'eu', PUSHER_HOST: '', PUSHER_PORT: '', PUSHER_WS_HOST: '', PUSHER_WS_PORT: '', PUSHER_SCHEME: 'http' }

describe('realtimeSocketEndpoint', () => {
  it('leaves browsers on the page’s own origin for the embedded server', () => {
    expect(realtimeSocketEndpoint(base)).toBeUndefined()
  })

  it('sends browsers to hosted Pusher’s WebSocket host, not its REST host, from PUSHER_HOST alone', () => {
    const hosted = { ...base, PUSHER_HOST: 'api-eu.pusher.com', PUSHER_PORT: 443, PUSHER_SCHEME: 'https' } as const
    expect(realtimeSocketEndpoint(hosted)).toEqual({ host: 'ws-eu.pusher.com', port: undefined, tls: true })
    // The cluster the REST host names is where the app lives, whatever PUSHER_APP_CLUSTER says.
    expect(realtimeSocketEndpoint({ ...hosted, PUSHER_HOST: 'API-MT1.Pusher.com' })?.host).toBe('ws-mt1.pusher.com')
    // The older host names no cluster: PUSHER_APP_CLUSTER does.
    expect(realtimeSocketEndpoint({ ...hosted, PUSHER_HOST: 'api.pusherapp.com', PUSHER_APP_CLUSTER: 'ap2' })?.host).toBe('ws-ap2.pusher.com')
  })

  it('takes PUSHER_WS_HOST and its port when set, for hosted Pusher as for own nodes', () => {
    expect(realtimeSocketEndpoint({ ...base, PUSHER_HOST: 'api-eu.pusher.com', PUSHER_WS_HOST: 'ws-custom.example.ro', PUSHER_SCHEME: 'https' })).toEqual({ host: 'ws-custom.example.ro', port: undefined, tls: true })
    expect(realtimeSocketEndpoint({ ...base, PUSHER_HOST: '10.0.0.5', PUSHER_PORT: 6001, PUSHER_WS_HOST: 'rt.asiguro.ro', PUSHER_WS_PORT: 8443 })).toEqual({ host: 'rt.asiguro.ro', port: 8443, tls: false })
  })

  it('sends browsers to PUSHER_HOST and PUSHER_PORT for any other server, look-alike names included', () => {
    expect(realtimeSocketEndpoint({ ...base, PUSHER_HOST: 'rt.internal', PUSHER_PORT: 6001 })).toEqual({ host: 'rt.internal', port: 6001, tls: false })
    for (const host of ['api-eu.pusher.com.example.ro', 'myapi-eu.pusher.com', 'api-eu.notpusher.com']) {
      expect(realtimeSocketEndpoint({ ...base, PUSHER_HOST: host })?.host).toBe(host)
    }
  })
})
