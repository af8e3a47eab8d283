import { z } from 'zod'

/** An ALTCHA proof-of-work challenge (self-hosted, no third party). */
export const CaptchaChallenge = z.object({
  algorithm: z.literal('SHA-256'),
  challenge: z.string().regex(/^[0-9a-f]{64}$/),
  maxnumber: z.number().int().positive(),
  salt: z.string().min(8).max(200),
  signature: z.string().regex(/^[0-9a-f]{64}$/),
})
export type CaptchaChallenge = z.infer<typeof CaptchaChallenge>

/** The solution the browser sends back, base64-encoded JSON, as the `token` of a form. */
export const CaptchaSolution = CaptchaChallenge.omit({ maxnumber: true }).extend({ number: z.number().int().nonnegative() })
export type CaptchaSolution = z.infer<typeof CaptchaSolution>
