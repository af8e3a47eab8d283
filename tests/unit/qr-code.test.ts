import QRCode from 'qrcode'
import { describe, expect, it } from 'vitest'
import { qrSvg } from '~/contract/qr'

/** The dark modules an SVG path of `h`/`v` runs paints, as a matrix of the symbol (quiet zone removed). */
function paintedModules(path: string, size: number, quiet: number): number[][] {
  const grid = Array.from({ length: size }, () => Array<number>(size).fill(0))
  for (const [, x, y, length] of path.matchAll(/M(\d+) (\d+)h(\d+)v1h-\3z/g)) {
    for (let c = Number(x); c < Number(x) + Number(length); c++) grid[Number(y) - quiet]![c - quiet] = 1
  }
  return grid
}

describe('the QR code as SVG (virtual cards)', () => {
  it('paints exactly the modules of the symbol, inside a quiet zone', () => {
    const url = 'https://asiguro.ro/verify/vX3q9K2mLp7RtY8wZb4NaB'
    const { modules } = QRCode.create(url, { errorCorrectionLevel: 'M' })
    const svg = qrSvg(url)
    expect(svg.side).toBe(modules.size + 8)
    expect(svg.path).toMatch(/^(M\d+ \d+h\d+v1h-\d+z)+$/)
    const expected = Array.from({ length: modules.size }, (_, row) => Array.from({ length: modules.size }, (_, col) => (modules.get(row, col) ? 1 : 0)))
    expect(paintedModules(svg.path, modules.size, 4)).toEqual(expected)
    // Another URL is another symbol.
    expect(qrSvg('https://asiguro.ro/verify/another-code-0000000').path).not.toBe(svg.path)
  })
})
