import { describe, expect, it } from 'vitest'
import { presenceUserChannel, privateUserChannel, userOfChannel } from '~/contract/realtime'
import { channelGrant } from '~/server/realtime/policy'

const me = '4f8e2c1a-7b3d-4e5f-9a0b-1c2d3e4f5a6b'
const other = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d'

describe('realtime channel policy', () => {
  it('grants the user’s own private and presence channels', () => {
    expect(channelGrant(me, privateUserChannel(me))).toBe('private')
    expect(channelGrant(me, presenceUserChannel(me))).toBe('presence')
  })

  it('refuses other users’ channels and every other channel', () => {
    for (const channel of [
      privateUserChannel(other),
      presenceUserChannel(other),
      `${privateUserChannel(me)}-extra`,
      `private-user-${me.slice(0, 8)}`,
      'private-user-',
      'presence-user-',
      'private-orders',
      'presence-lobby',
      `private-encrypted-user-${me}`,
      `user-${me}`,
      'public',
      `#server-to-user-${me}`,
    ]) {
      expect(channelGrant(me, channel), channel).toBeUndefined()
    }
  })

  it('names per-user channels within Pusher’s characters and reads them back', () => {
    expect(privateUserChannel(me)).toMatch(/^[A-Za-z0-9_\-=@,.;]{1,200}$/)
    expect(userOfChannel(presenceUserChannel(me))).toEqual({ kind: 'presence', userId: me })
    expect(userOfChannel('private-user-')).toBeUndefined()
  })
})
