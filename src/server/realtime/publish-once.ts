/**
 * A notice published to the notification centre once, however many runs of its job race: the
 * run that marks its row (a conditional update, `claim`) publishes; a refused publish unmarks it
 * (`release`) and fails the job so the queue tries again, until its last attempt, as the mail
 * queue retries a refused message.
 */
export async function publishOnce(
  steps: { claim: () => Promise<boolean>; publish: () => Promise<boolean>; release: () => Promise<void> },
  lastAttempt: boolean,
  what: string,
): Promise<void> {
  if (!(await steps.claim())) return
  if ((await steps.publish()) || lastAttempt) return
  await steps.release()
  throw new Error(`${what} could not be published to the notification centre`)
}
