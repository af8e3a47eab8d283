/**
 * The one typed application configuration.
 *
 * Every setting is declared once here: its environment variable, zod schema, default,
 * whether it is a secret and whether the browser may see it. The server reads it with
 * `loadConfig()` from `src/server/config.ts`; the browser only ever receives
 * `PublicConfig`, sent by the server.
 *
 * This module is pure (no Node APIs) so tests and tools can import it anywhere.
 */
import { z } from 'zod'

const port = z.coerce.number().int().min(1).max(65_535)
const optionalUrl = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .pipe(z.url().optional())
const flag = z.enum(['true', 'false']).transform((v) => v === 'true')
const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional()

interface Setting {
  /** zod schema applied to the raw environment string (or to the default). */
  schema: z.ZodType
  /** Default used when the variable is unset. Secrets have none: see `secret`. */
  default?: string
  /** Secrets must be set explicitly in production; elsewhere one is generated per data folder. */
  secret?: true
  /** Public settings are sent to the browser. Never mark a secret public. */
  public?: true
  description: string
}

/** The settings, keyed by environment variable. Order is the README's order. */
export const settings = {
  APP_ENV: {
    schema: z.enum(['development', 'test', 'production']),
    default: 'development',
    description:
      'Deployment stage. `production` refuses to start without real secrets and disables development helpers. (`NODE_ENV` only selects optimised builds.)',
  },
  PORT: { schema: port, default: '3000', description: 'HTTP port of the web app (pages, server functions, `/api/v1`).' },
  HOST: { schema: z.string().min(1), default: '0.0.0.0', description: 'Interface to listen on.' },
  PUBLIC_URL: {
    schema: z.url(),
    default: 'http://localhost:3000',
    public: true,
    description: 'Origin the site is reached at (links in mail, redirects).',
  },
  DATA_DIR: {
    schema: z.string().min(1),
    default: '.data',
    description: 'Folder for the embedded database, generated development secrets and the operator token.',
  },
  DATABASE_URL: {
    schema: optionalUrl,
    default: '',
    description: 'PostgreSQL connection URL. Empty: embedded PGlite under `DATA_DIR`.',
  },
  REDIS_URL: {
    schema: optionalUrl,
    default: '',
    description: 'Redis URL shared by realtime nodes (channels, presence, fan-out). Empty: one realtime node, in process. Rate limits live in the database, shared by every node either way.',
  },
  SESSION_SECRET: {
    schema: z.string().min(32, 'must be at least 32 characters'),
    secret: true,
    description: 'Key that seals the session cookie (≥ 32 characters).',
  },
  OPERATOR_TOKEN: {
    schema: z.string().min(32, 'must be at least 32 characters'),
    secret: true,
    description: 'Bearer token of the operator endpoints used by `npm run cli` while the server runs.',
  },
  SESSION_ABSOLUTE_MINUTES: {
    schema: z.coerce.number().int().min(5).max(7 * 24 * 60),
    default: '720',
    description: 'Longest life of a signed-in session, in minutes (the `access_token_ttl`; the cookie lives as long).',
  },
  SESSION_IDLE_MINUTES: {
    schema: z.coerce.number().int().min(1).max(24 * 60),
    default: '60',
    description: 'A session unused this long ends, on the server as in the browser (spec §9: one hour).',
  },
  TWO_FACTOR_ENABLED: {
    schema: flag,
    default: 'true',
    description: 'Two-step sign-in is offered (authenticator app or code by e-mail). `false` hides it and lets signed-in sessions through without a second step.',
  },
  TWO_FACTOR_REQUIRED: {
    schema: flag,
    default: 'false',
    description: 'Every account must set up two-step sign-in before using its account pages (decision 14).',
  },
  TRUST_PROXY_HOPS: {
    schema: z.coerce.number().int().min(0).max(10),
    default: '0',
    description:
      'Proxies in front of this process that append the address they saw to `X-Forwarded-For` (a TLS terminator, a load balancer; the web app, for an API run apart). 0: the client is the connection’s peer and `X-Forwarded-For` is ignored. Rate limits and sessions key on the address this gives (decision 40).',
  },
  PROVIDER_API_URL: {
    schema: optionalUrl,
    default: '',
    description: 'Base URL of a separately running provider API (`…/api/v1`). Empty: call it in-process.',
  },
  PUSHER_APP_ID: { schema: z.string().min(1), default: 'asiguro', description: 'Realtime application id.' },
  PUSHER_APP_KEY: {
    schema: z.string().min(1),
    default: 'asiguro-key',
    public: true,
    description: 'Public realtime application key (used by pusher-js in the browser).',
  },
  PUSHER_APP_SECRET: { schema: z.string().min(16), secret: true, description: 'Realtime application secret.' },
  PUSHER_APP_CLUSTER: {
    schema: z.string().min(1),
    default: 'eu',
    public: true,
    description: 'Realtime cluster (hosted Pusher region).',
  },
  PUSHER_HOST: {
    schema: optionalString,
    default: '',
    public: true,
    description: 'Realtime server host. Empty: the embedded server on the app’s own port.',
  },
  PUSHER_PORT: { schema: z.union([port, z.literal('')]).optional(), default: '', public: true, description: 'Realtime server port.' },
  PUSHER_SCHEME: { schema: z.enum(['http', 'https']), default: 'http', public: true, description: 'Realtime server scheme.' },
  PUSHER_WS_HOST: {
    schema: optionalString,
    default: '',
    public: true,
    description: 'Host browsers open the realtime WebSocket on, when it differs from `PUSHER_HOST` (a public name in front of internal realtime nodes). Empty: `PUSHER_HOST`; for hosted Pusher’s REST host (`api-{cluster}.pusher.com`) its WebSocket host `ws-{cluster}.pusher.com`; the page’s own host for the embedded server.',
  },
  PUSHER_WS_PORT: {
    schema: z.union([port, z.literal('')]).optional(),
    default: '',
    public: true,
    description: 'Port of `PUSHER_WS_HOST`. Empty: `PUSHER_PORT` (hosted Pusher: its default), or the page’s own port.',
  },
  PUSHER_WEBHOOK_URL: {
    schema: optionalUrl,
    default: '',
    description: 'Embedded realtime server: URL that receives signed, batched webhooks (channel occupied/vacated, member added/removed, client events, cache misses). Empty: none.',
  },
  REALTIME_PORT: { schema: port, default: '6001', description: 'Port of the realtime server run as its own process (`npm run start:realtime`).' },
  REALTIME_ACTIVITY_TIMEOUT: {
    schema: z.coerce.number().int().min(5).max(120),
    default: '30',
    description: 'Embedded realtime server: seconds of silence before a client pings (sent in the handshake); a client silent this long and 30 s more is disconnected.',
  },
  REALTIME_MAX_CONNECTIONS: {
    schema: z.coerce.number().int().min(0),
    default: '20000',
    description: 'Embedded realtime server: WebSocket connections one node accepts (0: no limit). Over it a client is refused with code 4004.',
  },
  REALTIME_CLIENT_EVENTS: {
    schema: z.enum(['true', 'false']).transform((v) => v === 'true'),
    default: 'false',
    description: 'Embedded realtime server: whether browsers may send `client-*` events to each other on private and presence channels (as hosted Pusher’s app setting; off by default).',
  },
  REALTIME_APP_ENABLED: {
    schema: flag,
    default: 'true',
    description:
      'Embedded realtime server: whether the application is on. `false` refuses every WebSocket with code 4003 (pusher-js stops and does not retry) and the HTTP API with 403, as hosted Pusher does for a disabled app: a switch to take live updates off without touching the browsers.',
  },
  REALTIME_API_RATE_LIMIT: {
    schema: z.coerce.number().int().min(0),
    default: '1000',
    description:
      'Embedded realtime server: signed HTTP API requests (events, batches, queries) one node accepts per second; more answer 429 with `Retry-After`. 0: no limit. Generous: its only caller is the app’s own publisher.',
  },
  REALTIME_NODE_TIMEOUT: {
    schema: z.coerce.number().min(1).max(300),
    default: '15',
    description: 'Realtime nodes sharing Redis: seconds without a heartbeat after which a node is taken for dead and its presence members and subscriptions are removed.',
  },
  REALTIME_REDIS_PREFIX: {
    schema: z.string().min(1).max(100),
    default: 'asiguro:realtime:',
    description: 'Prefix of the realtime keys and pub/sub channel in Redis (`REDIS_URL`), so several deployments can share one Redis.',
  },
  CAPTCHA_PROVIDER: {
    schema: z.enum(['altcha', 'recaptcha', 'turnstile', 'none']),
    default: 'altcha',
    public: true,
    description: 'Anti-abuse check: self-hosted ALTCHA proof of work, reCAPTCHA, Turnstile, or `none` (tests only; refused in production).',
  },
  CAPTCHA_SITE_KEY: { schema: optionalString, default: '', public: true, description: 'Site key of reCAPTCHA or Turnstile.' },
  CAPTCHA_SECRET: {
    schema: z.string().min(16),
    secret: true,
    description: 'ALTCHA HMAC key, or the reCAPTCHA/Turnstile secret.',
  },
  CAPTCHA_ALTCHA_MAX_NUMBER: {
    schema: z.coerce.number().int().min(1000).max(10_000_000),
    default: '50000',
    public: true,
    description: 'ALTCHA difficulty: the largest number a browser may have to try (about a second of hashing at the default).',
  },
  CAPTCHA_VERIFY_URL: {
    schema: optionalUrl,
    default: '',
    description: 'Verify endpoint of reCAPTCHA or Turnstile. Empty: the provider’s public one.',
  },
  CAPTCHA_SCRIPT_URL: {
    schema: optionalUrl,
    default: '',
    public: true,
    description:
      'Script of the reCAPTCHA or Turnstile widget, loaded by the browser when a protected form is sent (it adds `render=…`); its origin is allowed by the CSP. Empty: the provider’s public one.',
  },
  CAPTCHA_MIN_SCORE: {
    schema: z.coerce.number().min(0).max(1),
    default: '0.5',
    description: 'reCAPTCHA v3: the lowest score (0 to 1) a token may have to be accepted.',
  },
  GOOGLE_CLIENT_ID: {
    schema: optionalString,
    default: '',
    public: true,
    description: 'OAuth client id of Google sign-in (the audience of its ID tokens). Empty: Google sign-in is off and its button hidden.',
  },
  GOOGLE_AUTH_URL: {
    schema: z.url(),
    default: 'https://accounts.google.com/o/oauth2/v2/auth',
    description: 'Google’s authorization endpoint, where “Continue with Google” sends the visitor.',
  },
  GOOGLE_JWKS_URL: {
    schema: z.url(),
    default: 'https://www.googleapis.com/oauth2/v3/certs',
    description: 'Google’s signing keys (JWKS) that ID tokens are verified with; cached, fetched again for an unknown key id.',
  },
  SMTP_URL: {
    schema: optionalUrl,
    default: '',
    description: 'SMTP server (`smtp://user:pass@host:port`). Empty: mail is kept in the database outbox.',
  },
  MAIL_RETENTION_HOURS: {
    schema: z.coerce.number().int().min(1).max(30 * 24),
    default: '24',
    description:
      'Hours the outbox keeps the text of a message that SMTP did not take (the development mailbox): reset links, codes and confirmation links in it are blanked after that. Delivered messages keep no text at all.',
  },
  MAIL_FROM: { schema: z.string().min(3), default: 'Asiguro <no-reply@asiguro.localhost>', description: 'Sender of outgoing mail.' },
  ANALYTICS_SINK: {
    schema: z.enum(['provider', 'none']),
    default: 'provider',
    public: true,
    description: 'Where page views go (only with the visitor’s analytics consent): the provider API (`POST /api/v1/analytics/page-views`) or nowhere.',
  },
  BRAND_NAME: { schema: z.string().min(1), default: 'Asiguro', public: true, description: 'Brand shown in the interface and mail.' },
  SUPPORT_EMAIL: { schema: z.email(), default: 'contact@asiguro.ro', public: true, description: 'Support address shown to visitors.' },
  SUPPORT_PHONE: { schema: z.string().min(3), default: '+40 21 000 0000', public: true, description: 'Support phone number shown to visitors.' },
  LOG_LEVEL: { schema: z.enum(['debug', 'info', 'warn', 'error', 'silent']), default: 'info', description: 'Structured log level.' },
} satisfies Record<string, Setting>

export type SettingName = keyof typeof settings
type Parsed<K extends SettingName> = z.output<(typeof settings)[K]['schema']>
export type AppConfig = { [K in SettingName]: Parsed<K> }

type PublicName = { [K in SettingName]: (typeof settings)[K] extends { public: true } ? K : never }[SettingName]
export type PublicConfig = { [K in PublicName]: Parsed<K> }

export const secretNames = (Object.keys(settings) as SettingName[]).filter((k) => 'secret' in settings[k])
export const publicNames = (Object.keys(settings) as SettingName[]).filter((k) => 'public' in settings[k]) as PublicName[]

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`)
    this.name = 'ConfigError'
  }
}

/**
 * Parses a raw environment. `generatedSecrets` fills secrets that are unset, but only
 * outside production: a production start without real secrets fails and names them.
 */
export function parseConfig(env: Record<string, string | undefined>, generatedSecrets: Partial<Record<SettingName, string>> = {}): AppConfig {
  const problems: string[] = []
  const stage = env.APP_ENV ?? settings.APP_ENV.default
  const out: Record<string, unknown> = {}
  for (const name of Object.keys(settings) as SettingName[]) {
    const setting: Setting = settings[name]
    let raw = env[name]
    if (raw === undefined || raw === '') {
      if (setting.secret) {
        if (stage === 'production') {
          problems.push(`${name} is required in production (${setting.description})`)
          continue
        }
        raw = generatedSecrets[name]
      } else {
        raw = setting.default
      }
    }
    const result = setting.schema.safeParse(raw)
    if (result.success) out[name] = result.data
    else problems.push(`${name}: ${result.error.issues.map((i) => i.message).join('; ')}`)
  }
  if (stage === 'production' && out.CAPTCHA_PROVIDER === 'none') {
    problems.push('CAPTCHA_PROVIDER=none is for automated tests and is refused in production')
  }
  if (stage === 'production' && (out.CAPTCHA_PROVIDER === 'recaptcha' || out.CAPTCHA_PROVIDER === 'turnstile') && !out.CAPTCHA_SITE_KEY) {
    problems.push(`CAPTCHA_SITE_KEY is required with CAPTCHA_PROVIDER=${String(out.CAPTCHA_PROVIDER)} (the browser widget needs it)`)
  }
  if (problems.length > 0) throw new ConfigError(problems)
  return out as AppConfig
}

export function publicConfig(config: AppConfig): PublicConfig {
  return Object.fromEntries(publicNames.map((k) => [k, config[k]])) as PublicConfig
}
