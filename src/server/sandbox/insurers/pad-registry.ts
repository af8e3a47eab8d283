/**
 * The PAID pool's register of PAD policies, as the sandbox answers it
 * (`GET /sandbox/insurers/paid/pad-policies/{number}`): a fixed, documented set of fictional
 * policies (docs/addresses.md), so a broker can check an existing PAD a visitor names: that it
 * exists, its period and the address it covers.
 */
export interface SandboxPadPolicy {
  number: string
  start_date: string
  end_date: string
  address: { county: string; locality: string; street: string }
}

export const sandboxPadPolicies: readonly SandboxPadPolicy[] = [
  // In force for years, so tests and demos with any start date in the next 60 days find it.
  { number: 'PAD-CJ-100001', start_date: '2026-01-01', end_date: '2036-12-31', address: { county: 'Cluj', locality: 'Cluj-Napoca', street: 'Str. Horea 12' } },
  { number: 'PAD-B-200002', start_date: '2026-01-01', end_date: '2036-12-31', address: { county: 'București', locality: 'București Sectorul 3', street: 'Bd. Unirii 10' } },
  // Ended: never in force on a start date the broker accepts.
  { number: 'PAD-IS-300003', start_date: '2024-01-01', end_date: '2024-12-31', address: { county: 'Iași', locality: 'Iași', street: 'Str. Lăpușneanu 4' } },
]

/** The policy with this number (as printed: case and spaces aside), or undefined. */
export function findSandboxPadPolicy(number: string): SandboxPadPolicy | undefined {
  const wanted = number.replace(/\s+/g, '').toUpperCase()
  return sandboxPadPolicies.find((p) => p.number === wanted)
}
