import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { randomBytes } from 'node:crypto'
import path from 'node:path'
import { parseConfig, secretNames, settings, type AppConfig, type SettingName } from '../../app.config'

let cached: AppConfig | undefined

/**
 * The server's configuration: the environment, checked by `app.config.ts`.
 * Outside production, secrets that are not set are generated once per data folder and
 * kept in `DATA_DIR/secrets.json` (mode 600), so no shared, well-known secret is ever used
 * and every process on the same data folder (web, API, CLI) agrees on them.
 */
export function getConfig(): AppConfig {
  cached ??= loadConfig(process.env)
  return cached
}

export function loadConfig(env: Record<string, string | undefined>): AppConfig {
  const stage = env.APP_ENV ?? settings.APP_ENV.default
  const generated = stage === 'production' ? {} : developmentSecrets(env.DATA_DIR || settings.DATA_DIR.default)
  return parseConfig(env, generated)
}

function developmentSecrets(dataDir: string): Partial<Record<SettingName, string>> {
  const file = path.join(dataDir, 'secrets.json')
  const existing: Partial<Record<SettingName, string>> = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {}
  const missing = secretNames.filter((name) => !existing[name])
  if (missing.length === 0) return existing
  for (const name of missing) existing[name] = randomBytes(32).toString('base64url')
  mkdirSync(dataDir, { recursive: true })
  writeFileSync(file, JSON.stringify(existing, null, 2), { mode: 0o600 })
  chmodSync(file, 0o600)
  return existing
}

/** For tests: forget the cached configuration after changing `process.env`. */
export function resetConfigCache(): void {
  cached = undefined
}
