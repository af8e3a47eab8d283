/**
 * A call to an outside party (an insurer, the claims history, the vehicle registry) tried once
 * more after a passing failure (a timeout, a 5xx, a dropped connection), inside one time budget:
 * the first try may use most of it, then a short pause, then the second try gets what is left.
 * A refusal (4xx) or an unreadable answer is not tried again: asking again would not change it.
 */

/** Share of the budget the first try may take: long enough for a slow answer (the sandbox's tail is 3 s of 5). */
const FIRST_TRY_SHARE = 0.7
/** The pause before the second try: short, a fraction of the budget, at most 200 ms. */
const MAX_BACKOFF_MS = 200
/** No second try with less than a tenth of the budget left: it could not answer in time anyway. */
const MIN_SECOND_TRY_SHARE = 0.1

export interface RetryPlan {
  firstTryMs: number
  backoffMs: number
  minSecondTryMs: number
}

/** How a budget is shared between the two tries. */
export function retryPlan(budgetMs: number): RetryPlan {
  return {
    firstTryMs: Math.round(budgetMs * FIRST_TRY_SHARE),
    backoffMs: Math.min(MAX_BACKOFF_MS, Math.round(budgetMs * 0.05)),
    minSecondTryMs: Math.round(budgetMs * MIN_SECOND_TRY_SHARE),
  }
}

/**
 * `call(signal, attempt)` once, and again when it throws an error `isTransient` accepts and the
 * budget still leaves room; the second try's error is the one thrown. `attempt` is 1 or 2 (sent
 * to the other side where its protocol has a place for it).
 */
export async function withOneRetry<T>(budgetMs: number, call: (signal: AbortSignal, attempt: number) => Promise<T>, isTransient: (error: unknown) => boolean): Promise<T> {
  const plan = retryPlan(budgetMs)
  const started = Date.now()
  try {
    return await call(AbortSignal.timeout(plan.firstTryMs), 1)
  } catch (error) {
    const left = budgetMs - (Date.now() - started) - plan.backoffMs
    if (!isTransient(error) || left < plan.minSecondTryMs) throw error
    await new Promise((resolve) => setTimeout(resolve, plan.backoffMs))
    return call(AbortSignal.timeout(left), 2)
  }
}

/** An abort by the try's own timeout (`AbortSignal.timeout`), as fetch and `node:http` report it. */
export function isTimeout(error: unknown): boolean {
  const name = (error as { name?: string } | null)?.name
  return name === 'TimeoutError' || name === 'AbortError'
}
