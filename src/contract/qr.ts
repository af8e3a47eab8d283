import QRCode from 'qrcode'

/** Dark modules side by side in one row: `[row, first column, length]`. */
export type QrRun = readonly [row: number, column: number, length: number]

/**
 * A QR code as the runs of dark modules, row by row: drawn as one shape per run, it stays sharp
 * at any size on paper (the policy PDF) and on screens (the virtual cards). Error correction M:
 * still read with a crease or a scratch.
 */
export function qrRuns(text: string): { size: number; runs: QrRun[] } {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' })
  const runs: QrRun[] = []
  for (let row = 0; row < modules.size; row++) {
    let column = 0
    while (column < modules.size) {
      if (!modules.get(row, column)) {
        column++
        continue
      }
      const start = column
      while (column < modules.size && modules.get(row, column)) column++
      runs.push([row, start, column - start])
    }
  }
  return { size: modules.size, runs }
}

/** What an `<svg viewBox="0 0 side side">` needs to draw a QR code: the side (quiet zone included) and one path of the dark modules. */
export interface QrSvg {
  side: number
  path: string
}

/** A QR code as SVG drawing data, with a quiet zone of `quiet` modules (4 is the standard's, for screens). */
export function qrSvg(text: string, quiet = 4): QrSvg {
  const { size, runs } = qrRuns(text)
  const path = runs.map(([row, column, length]) => `M${column + quiet} ${row + quiet}h${length}v1h-${length}z`).join('')
  return { side: size + quiet * 2, path }
}
