import { describe, expect, it } from 'vitest'
import { channelKind, dataObject, encodeData, frame, isCacheChannel, isSocketId, isValidChannelName, parseClientMessage } from '~/server/realtime/protocol'

describe('realtime protocol', () => {
  it('tells channel kinds by prefix, encrypted before private', () => {
    expect(channelKind('private-encrypted-x')).toBe('encrypted')
    expect(channelKind('private-x')).toBe('private')
    expect(channelKind('presence-x')).toBe('presence')
    expect(channelKind('#server-to-user-42')).toBe('user')
    expect(channelKind('news')).toBe('public')
    expect(['cache-x', 'private-cache-x', 'private-encrypted-cache-x', 'presence-cache-x'].every(isCacheChannel)).toBe(true)
    expect(isCacheChannel('public-cache-x')).toBe(false)
  })

  it('accepts Pusher’s channel characters up to the length limit, and server-to-user names', () => {
    expect(isValidChannelName('A-Za-z0-9_-=@,.;', 200)).toBe(true)
    expect(isValidChannelName('x'.repeat(200), 200)).toBe(true)
    expect(isValidChannelName('x'.repeat(201), 200)).toBe(false)
    for (const bad of ['', 'a b', 'a/b', 'é', '#x', '#server-to-user-', 'a\nb', 42, undefined]) expect(isValidChannelName(bad, 200), String(bad)).toBe(false)
    expect(isValidChannelName('#server-to-user-any id', 200)).toBe(true)
  })

  it('parses client messages: objects with a string event; data as an object or a JSON string', () => {
    expect(parseClientMessage('{"event":"pusher:ping","data":{}}')).toEqual({ event: 'pusher:ping', data: {}, channel: undefined })
    for (const bad of ['x', '[]', '"s"', 'null', '{"data":1}', '{"event":""}', '{"event":"e","channel":1}']) expect(parseClientMessage(bad), bad).toBeUndefined()
    expect(dataObject({ channel: 'a' })).toEqual({ channel: 'a' })
    expect(dataObject('{"channel":"a"}')).toEqual({ channel: 'a' })
    expect(dataObject('not json')).toBeUndefined()
    expect(dataObject([1])).toBeUndefined()
  })

  it('encodes frames with data double-encoded, strings as they are', () => {
    expect(encodeData({ a: 1 })).toBe('{"a":1}')
    expect(encodeData('already')).toBe('already')
    expect(JSON.parse(frame('e', encodeData({ a: 1 }), 'c'))).toEqual({ event: 'e', channel: 'c', data: '{"a":1}' })
    expect(isSocketId('123.456')).toBe(true)
    expect(isSocketId('123')).toBe(false)
  })
})
