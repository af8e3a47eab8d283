import { describe, expect, it } from 'vitest'
import { preferInterpretedParsers } from '~/contract/zod-jitless'

describe('zod without compiled parsers in the browser', () => {
  it('is what zod reads from the configuration it keeps on globalThis', async () => {
    const { config } = await import('zod/mini')
    expect(config().jitless).not.toBe(true) // the server keeps compiled parsers
    try {
      preferInterpretedParsers()
      expect(config().jitless).toBe(true)
    } finally {
      delete globalThis.__zod_globalConfig?.jitless
    }
  })
})
