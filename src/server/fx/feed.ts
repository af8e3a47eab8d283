import type { ParsedRate } from './bnr'
import { parseBnrXml } from './bnr'

/**
 * BNR's reference-rate feed over HTTP. The yearly document (`/files/xml/years/nbrfxrates2026.xml`
 * on www.bnr.ro) holds every banking day of the year so far, so one request answers any day of
 * it, today's included. In development and tests the base URL is the sandbox (`/sandbox/bnr`).
 */
export interface BnrFeed {
  /** Every rate of `year` published so far. Throws on a network failure or a document that is not BNR's. */
  year(year: number): Promise<ParsedRate[]>
}

export function createBnrFeed(options: { baseUrl: string; timeoutMs?: number }): BnrFeed {
  const base = options.baseUrl.replace(/\/+$/, '')
  return {
    async year(year) {
      const res = await fetch(`${base}/files/xml/years/nbrfxrates${year}.xml`, { signal: AbortSignal.timeout(options.timeoutMs ?? 5000) })
      if (!res.ok) throw new Error(`BNR feed answered ${res.status}`)
      return parseBnrXml(await res.text())
    },
  }
}
