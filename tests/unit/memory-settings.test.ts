import { describe, expect, it } from 'vitest'
import { missingMemorySettings } from '~/server/http/memory-settings'

describe('the server memory settings', () => {
  it('adds the malloc threshold and the V8 heap caps when none is given', () => {
    expect(missingMemorySettings({}, [])).toEqual({
      env: { MALLOC_MMAP_THRESHOLD_: '131072' },
      flags: ['--max-semi-space-size=8', '--max-old-space-size=256'],
    })
  })

  it("keeps an operator's values, from the command line or NODE_OPTIONS, in either spelling", () => {
    expect(missingMemorySettings({ NODE_OPTIONS: '--max-old-space-size=1024' }, ['--max_semi_space_size=32'])).toEqual({ env: { MALLOC_MMAP_THRESHOLD_: '131072' }, flags: [] })
    expect(missingMemorySettings({ MALLOC_MMAP_THRESHOLD_: '65536' }, ['--max-old-space-size', '512']).env).toEqual({})
    expect(missingMemorySettings({}, ['--max-old-space-size', '512']).flags).toEqual(['--max-semi-space-size=8'])
  })

  it('takes an old-generation limit given as a share of the memory for the operator\'s choice', () => {
    expect(missingMemorySettings({ NODE_OPTIONS: '--max-old-space-size-percentage=50' }, []).flags).toEqual(['--max-semi-space-size=8'])
  })
})
