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
import { isValidCui } from './src/contract/cui'

/** A Romanian landline or mobile number, spaces, dots and dashes allowed: `+40 21 555 0100`, `021 555 0100`. */
export function isRomanianPhone(value: string): boolean {
  return /^(\+40|0)[237]\d{8}$/.test(value.replace(/[\s.()-]/g, ''))
}

const port = z.coerce.number().int().min(1).max(65_535)
const optionalUrl = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .pipe(z.url().optional())
const flag = z.enum(['true', 'false']).transform((v) => v === 'true')
const nodeList = z
  .string()
  .transform((v) =>
    v
      .split(',')
      .map((part) => part.trim())
      .filter((part) => part !== ''),
  )
  .pipe(z.array(z.url({ protocol: /^https?$/ })))
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
  PORT: { schema: port, default: '3000', description: 'HTTP port of the web app (pages, server functions, `/api/v1`); of the proxy in front, for `npm run start:cluster` and `dist/node/proxy.js`.' },
  HOST: { schema: z.string().min(1), default: '0.0.0.0', description: 'Interface to listen on.' },
  PUBLIC_URL: {
    schema: z.union([z.literal(''), z.url()]),
    default: '',
    public: true,
    description:
      'Origin the site is reached at (links in mail, redirects, the pages’ content security policy). Required in production. Empty elsewhere: the origin the server listens on, `http://localhost:PORT` (or `HOST` when it names one interface).',
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
  DOCUMENT_STORE: {
    schema: z.enum(['', 'files', 'database']),
    default: '',
    description:
      'Where issued documents (policy PDFs) are kept: `files` under `DATA_DIR/documents` (one node, or a folder every node shares), or `database` (every node on one PostgreSQL serves them). Empty: `database` with `DATABASE_URL`, `files` without.',
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
  PROXY_WEB_NODES: {
    schema: nodeList,
    default: '',
    description:
      'The proxy (`dist/node/proxy.js`, docs/deploy.md): base URLs of the web nodes, comma-separated (`http://web-1:3000,http://web-2:3000`), named `web-1`, `web-2`, … in this order. Requests go round-robin; the realtime paths go to `PROXY_REALTIME_NODES`.',
  },
  PROXY_REALTIME_NODES: {
    schema: nodeList,
    default: '',
    description: 'The proxy: base URLs of the realtime nodes, comma-separated, named `realtime-1`, … in this order. They take the WebSocket (`/app/{key}`) and the realtime HTTP API (`/apps/{id}/…`).',
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
      'Embedded realtime server: signed HTTP API requests (events, batches, queries) accepted per second, by all the nodes sharing `REDIS_URL` together (counted in Redis), or by the one node without it; more answer 429 with `Retry-After`. 0: no limit. Generous: its only caller is the app’s own publisher.',
  },
  REALTIME_MAX_CONNECTIONS_PER_ADDRESS: {
    schema: z.coerce.number().int().min(0),
    default: '100',
    description:
      'Embedded realtime server: WebSocket connections one client address may hold open at once on one node (the address follows `TRUST_PROXY_HOPS`); more are refused with code 4004. Generous: an office or a mobile network shows many visitors behind one address. 0: no limit.',
  },
  REALTIME_CONNECTION_RATE_PER_ADDRESS: {
    schema: z.coerce.number().int().min(0),
    default: '20',
    description:
      'Embedded realtime server: new WebSocket connections one client address may open per second on one node; more are refused with code 4100 (pusher-js waits a second, then tries again). 0: no limit.',
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
  SANDBOX_ENABLED: {
    schema: z.enum(['true', 'false', '']).transform((v) => v === 'true'),
    default: '',
    description:
      'Serve the sandbox services that stand in for outside parties (claims history, vehicle registry, insurers, payments) under `/sandbox/<service>/` on the web app’s port. Empty: on outside production, off in production (where `true` is allowed, e.g. for a demonstration deployment).',
  },
  SANDBOX_URL: {
    schema: optionalUrl,
    default: '',
    description:
      'Base URL the server’s clients reach the sandbox services at (each under `/sandbox/<service>/`), e.g. a separate `npm run start:sandbox`. Empty: the web app’s own port on the loopback interface.',
  },
  SANDBOX_PORT: { schema: port, default: '6002', description: 'Port of the sandbox services run as their own process (`npm run start:sandbox`).' },
  SANDBOX_LATENCY_SCALE: {
    schema: z.coerce.number().min(0).max(10),
    default: '1',
    description: 'Sandbox services: multiplies their simulated answer times (insurers answer in 100 ms–3 s at 1). Tests use small values; 0 answers at once.',
  },
  SANDBOX_INSURER_FAILURES: {
    schema: z.enum(['drawn', 'none']),
    default: 'drawn',
    description:
      'Sandbox insurers: `drawn` fails about 3 % of quote requests with a 5xx and leaves about 2 % unanswered, as a real market’s web services do (decision 89); `none` answers every one, for test runs whose tests ask for the failures they need (a short `INSURER_QUOTE_TIMEOUT_MS`, a documented e-mail address). Latencies are drawn either way.',
  },
  PAYMENT_PROVIDER: {
    schema: z.enum(['sandbox', 'netopia']),
    default: 'sandbox',
    description: 'Card processor: `sandbox` (the local test processor under `/sandbox/payments/`, refused in production) or `netopia` (NETOPIA Payments API v2).',
  },
  PAYMENT_SANDBOX_SECRET: {
    schema: z.string().min(32, 'must be at least 32 characters').or(z.literal('')),
    default: '',
    description: 'Key shared with the sandbox processor: it signs its notifications and our calls to it with HMAC-SHA256 (empty: derived from SESSION_SECRET, which the sandbox run on the same data folder shares).',
  },
  NETOPIA_API_URL: { schema: optionalUrl, default: '', description: 'NETOPIA Payments API v2 base URL (e.g. `https://secure.sandbox.netopia-payments.com`); required with PAYMENT_PROVIDER=netopia.' },
  NETOPIA_API_KEY: { schema: z.string(), default: '', description: 'NETOPIA API key (the `Authorization` header of its API).' },
  NETOPIA_POS_SIGNATURE: { schema: z.string(), default: '', description: 'NETOPIA point-of-sale signature: sent with each payment and the `aud` its IPN tokens must carry.' },
  NETOPIA_PUBLIC_KEY: { schema: z.string(), default: '', description: 'NETOPIA’s public key (PEM) that signs its IPN `Verification-token`.' },
  BNR_FEED_URL: {
    schema: optionalUrl,
    default: '',
    description:
      'Base URL of the National Bank of Romania’s reference-rate feed (`https://www.bnr.ro`, where `/files/xml/years/nbrfxrates<year>.xml` lives). Empty: the BNR sandbox (`<SANDBOX_URL>/sandbox/bnr`) when the sandboxes are enabled, else `https://www.bnr.ro`.',
  },
  INSURER_QUOTE_TIMEOUT_MS: {
    schema: z.coerce.number().int().min(50).max(60_000),
    default: '5000',
    description: 'How long an insurer may take to price a quote before its offer counts as failed (`timeout`); an insurer’s own `quote_timeout_ms` in the catalogue wins.',
  },
  QUOTE_OFFER_TTL_MINUTES: {
    schema: z.coerce.number().int().min(1).max(24 * 60),
    default: '30',
    description: 'How long the offers of a quote can be bought; after that the visitor asks again (prices and bonus-malus may change).',
  },
  JOB_CONCURRENCY: {
    schema: z.coerce.number().int().min(1).max(64),
    default: '4',
    description:
      'Background jobs (policy issuance, refunds, mail, reminders) one process runs at the same time. Most of a job is waiting on an insurer or a mail server, so a few side by side keep issuance quick under load; each node runs its own.',
  },
  ISSUANCE_CONCURRENCY: {
    schema: z.coerce.number().int().min(0).max(256),
    default: '8',
    description:
      'Policy issuances one process runs besides its `JOB_CONCURRENCY` jobs, by workers that take nothing else: a paid order is issued while mail and reminders run, and is claimed before them anyway. Most of an issuance is waiting on the insurer.',
  },
  QUOTES_AT_ONCE: {
    schema: z.coerce.number().int().min(0).max(10_000),
    default: '8',
    description:
      'Quotes being asked and policies being issued that one process takes on at the same time: an issuance takes its place at once, a new quote waits its turn (at most a minute) before asking insurers. Under a crowd the wait then falls before the order, not after the payment; it also caps the quotes a process asks at once (with insurers answering within 3 s, about this number ÷ 3 quotes a second). Raise it on a node with spare CPU; 0: no bound.',
  },
  QUOTE_RATE_LIMIT: {
    schema: z.coerce.number().int().min(0),
    default: '120',
    description: 'Quotes one client address may ask for per hour (`POST /api/v1/products/{product}/quotes`); more answer 429. 0: no limit.',
  },
  QUOTE_WITHOUT_CAPTCHA_LIMIT: {
    schema: z.coerce.number().int().min(0),
    default: '10',
    description:
      'Quotes one client address may ask for per hour without a solved captcha (a browser without JavaScript cannot solve one); with a token the captcha is checked as usual. 0: a captcha is always required.',
  },
  VEHICLE_LOOKUP_RATE_LIMIT: {
    schema: z.coerce.number().int().min(0),
    default: '120',
    description: 'Vehicle registry look-ups (`GET /api/v1/vehicles/lookup` for the RCA form, `GET /api/v1/vehicles/registry` for adding a vehicle) one client address, and one signed-in account, may make per hour; more answer 429. 0: no limit.',
  },
  PAYMENT_NOTIFICATION_RATE_LIMIT: {
    schema: z.coerce.number().int().min(0),
    default: '300',
    description:
      'Card processor notifications (`POST /api/v1/payments/notifications/{provider}`) one client address may send per minute; more answer 429 and are not read. A processor sends from a few addresses of its own, so the default leaves it room while a forger’s flood stops. 0: no limit.',
  },
  TERMS_VERSION: {
    schema: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    default: '2026-11-01',
    public: true,
    description:
      'The date of the terms and conditions and the privacy policy in force (`YYYY-MM-DD`). An account that has not accepted this version (made by Google sign-in, through the API without `accept_terms`, or before a change) is asked once, at its first signed-in page, and the moment and version are stored. Change it when the terms change.',
  },
  BRAND_NAME: { schema: z.string().min(1), default: 'Asiguro', public: true, description: 'Brand shown in the interface and mail.' },
  SUPPORT_EMAIL: { schema: z.email(), default: 'contact@asiguro.ro', public: true, description: 'Support address shown to visitors.' },
  SUPPORT_PHONE: {
    schema: z.string().trim().refine(isRomanianPhone, 'must be a Romanian phone number, e.g. `+40 21 555 0100`'),
    default: '+40 21 555 0100',
    public: true,
    description:
      'The broker’s phone number, shown wherever the site promises a call (footer, contact page, road assistance, the information notice, mail and PDFs), e.g. `+40 31 123 4567`. The default is fictional (the 555 01xx numbers films use).',
  },
  BROKER_LEGAL_NAME: {
    schema: z.string().trim().min(3),
    default: 'Asiguro Broker de Asigurare SRL',
    public: true,
    description: 'The broker’s legal name, shown in the footer, the information notice, every mail and every PDF (Legea 236/2018 information duties). The default names a fictional company.',
  },
  BROKER_ASF_REGISTRATION: {
    schema: z.string().trim().regex(/^RBK-\d{1,5}$/, 'must be an ASF broker register number, `RBK-` and digits'),
    default: 'RBK-9999',
    public: true,
    description: 'The broker’s number in the ASF register of insurance brokers (`RBK-…`). The default is beyond any number ASF has issued.',
  },
  BROKER_FISCAL_CODE: {
    schema: z.string().trim().refine(isValidCui, 'must be a Romanian fiscal code (CUI) whose check digit matches, with or without `RO`'),
    default: 'RO48712038',
    public: true,
    description: 'The broker’s fiscal code (CUI, `RO` when VAT-registered); its check digit is verified at start (facts §6.2).',
  },
  BROKER_TRADE_REGISTER: {
    schema: z.string().trim().regex(/^J(0[1-9]|[1-4]\d|5[12])\/\d{1,6}\/(19[9]\d|20\d{2})$/, 'must be a trade register number `J<county 01–52>/<number>/<year>`, e.g. `J40/4871/2019`'),
    default: 'J40/4871/2019',
    public: true,
    description: 'The broker’s trade register number (`J40/4871/2019`: county code, order number, year).',
  },
  BROKER_ADDRESS: {
    schema: z.string().trim().min(10),
    default: 'Str. Exemplului nr. 10, sector 1, 010011 București, România',
    public: true,
    description: 'The broker’s registered office. The default street is fictional.',
  },
  BROKER_COMPLAINTS_EMAIL: {
    schema: z.email(),
    default: 'reclamatii@asiguro.ro',
    public: true,
    description: 'Where complaints go (information notice, complaints page, mail and PDFs); answered within 30 days.',
  },
  BROKER_NOTICE_VERSION: {
    schema: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    default: '2026-11-28',
    public: true,
    description:
      'The date of the broker’s information notice in force (`YYYY-MM-DD`). Every order records the version the buyer accepted at checkout; an order sent with another is refused (422 `accepted_documents`). Change it when the notice or the legal data change.',
  },
  LOG_LEVEL: { schema: z.enum(['debug', 'info', 'warn', 'error', 'silent']), default: 'info', description: 'Level of the JSON log lines (pino; info and debug on stdout, warnings and errors on stderr), each with the request’s `request_id`.' },
  SHUTDOWN_GRACE_SECONDS: {
    schema: z.coerce.number().min(0).max(600),
    default: '20',
    description:
      'On SIGTERM or SIGINT: how long the server waits for requests in flight and running jobs to finish after it stops accepting new ones, before it closes what is left and exits.',
  },
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
  if (stage === 'production' && out.PAYMENT_PROVIDER === 'sandbox') problems.push('PAYMENT_PROVIDER=sandbox takes no real money and is refused in production (use netopia)')
  if (out.PAYMENT_PROVIDER === 'netopia') {
    for (const name of ['NETOPIA_API_URL', 'NETOPIA_API_KEY', 'NETOPIA_POS_SIGNATURE', 'NETOPIA_PUBLIC_KEY'] as const) if (!out[name]) problems.push(`${name} is required with PAYMENT_PROVIDER=netopia`)
  }
  // Links in mail and the page policy name the site's origin: production must say it; elsewhere
  // it is where this server listens, so a server on another port does not point at port 3000.
  if (out.PUBLIC_URL === '') {
    if (stage === 'production') problems.push('PUBLIC_URL is required in production: the origin the site is reached at, for links in mail and the pages’ content security policy')
    else if (typeof out.HOST === 'string' && typeof out.PORT === 'number') out.PUBLIC_URL = listeningOrigin(out.HOST, out.PORT)
  }
  // The sandboxes follow the stage unless set (development and test: on; production: off).
  if ((env.SANDBOX_ENABLED ?? '') === '') out.SANDBOX_ENABLED = stage !== 'production'
  if (problems.length > 0) throw new ConfigError(problems)
  return out as AppConfig
}

/**
 * The origin a browser on this machine reaches a server listening on `host:port` at: a wildcard
 * interface (`0.0.0.0`, `::`) is reached as `localhost`, an IPv6 address in brackets.
 */
export function listeningOrigin(host: string, port: number): string {
  const name = host === '0.0.0.0' || host === '::' || host === '[::]' ? 'localhost' : host.includes(':') && !host.startsWith('[') ? `[${host}]` : host
  return `http://${name}:${port}`
}

/**
 * Only the named settings, for a process that needs no more (the proxy): no secret is asked for.
 * Unset ones take their defaults; a bad value throws `ConfigError`.
 */
export function parseSettings<K extends SettingName>(env: Record<string, string | undefined>, names: readonly K[]): { [N in K]: Parsed<N> } {
  const problems: string[] = []
  const out: Record<string, unknown> = {}
  for (const name of names) {
    const setting: Setting = settings[name]
    const raw = env[name] === undefined || env[name] === '' ? setting.default : env[name]
    const result = setting.schema.safeParse(raw)
    if (result.success) out[name] = result.data
    else problems.push(`${name}: ${result.error.issues.map((i) => i.message).join('; ')}`)
  }
  if (problems.length > 0) throw new ConfigError(problems)
  return out as { [N in K]: Parsed<N> }
}

export function publicConfig(config: AppConfig): PublicConfig {
  return Object.fromEntries(publicNames.map((k) => [k, config[k]])) as PublicConfig
}
