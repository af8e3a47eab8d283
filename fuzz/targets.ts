import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { z } from 'zod'
import type { JsonSchema } from './schema-values'

/** One operation of the provider API, as its OpenAPI document describes it. */
export interface ApiOperation {
  kind: 'api'
  method: string
  /** `/vehicles/{id}`: under `/api/v1`. */
  path: string
  pathParams: { name: string; schema: JsonSchema }[]
  queryParams: { name: string; schema: JsonSchema; required: boolean }[]
  body: { types: string[]; schema: JsonSchema } | undefined
  operator: boolean
}

/** One server function of the build: its id in Start's manifest, its name, method and input. */
export interface ServerFunction {
  kind: 'fn'
  id: string
  name: string
  method: 'GET' | 'POST'
  /** The input's schema: the contract schema it is validated with, else the fields its validator reads. */
  input: JsonSchema | undefined
  /** A form's server function, which also takes the browser's own post (FormData). */
  form: boolean
}

export type Target = ApiOperation | ServerFunction

export const targetLabel = (target: Target) => (target.kind === 'api' ? `${target.method} /api/v1${target.path}` : `fn ${target.name}`)

interface OpenApiParameter {
  name: string
  in: string
  required?: boolean
  schema: JsonSchema
}
interface OpenApiOperation {
  parameters?: OpenApiParameter[]
  requestBody?: { content: Record<string, { schema: JsonSchema }> }
}

/** Every operation of the OpenAPI document the API serves (`GET /api/v1/openapi.json`). */
export function apiOperations(document: { paths: Record<string, Record<string, OpenApiOperation>> }): ApiOperation[] {
  return Object.entries(document.paths).flatMap(([route, operations]) =>
    Object.entries(operations).map(([method, operation]) => {
      const parameters = operation.parameters ?? []
      const content = operation.requestBody?.content
      return {
        kind: 'api' as const,
        method: method.toUpperCase(),
        path: route,
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => ({ name: p.name, schema: p.schema })),
        queryParams: parameters.filter((p) => p.in === 'query').map((p) => ({ name: p.name, schema: p.schema, required: p.required === true })),
        body: content ? { types: Object.keys(content), schema: Object.values(content)[0]!.schema } : undefined,
        operator: parameters.some((p) => p.in === 'header' && p.name === 'Authorization'),
      }
    }),
  )
}

/** The manifest in the server bundle: each function's id and export name. */
export function manifestFunctions(serverBundle: string): { id: string; name: string }[] {
  return [...serverBundle.matchAll(/"([0-9a-f]{64})":\s*\{\s*functionName:\s*"(\w+)_createServerFn_handler"/g)].map(([, id, name]) => ({ id: id!, name: name! }))
}

interface SourceFunction {
  method: 'GET' | 'POST'
  schemaName: string | undefined
  fields: string[]
  form: boolean
}

/**
 * What the source says of each server function (`src/**\/*.functions.ts`): its method, the
 * contract schema its validator checks with (`contractInput(X)`, `formInput(X)`), else the
 * fields a hand-written validator reads (`input.x`, and the keys of a `…Form` type it names).
 */
export function sourceFunctions(srcDir: string): Map<string, SourceFunction> {
  const found = new Map<string, SourceFunction>()
  for (const file of readdirSync(srcDir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.functions.ts'))) {
    const source = readFileSync(path.join(srcDir, file), 'utf8')
    const formTypes = new Map([...source.matchAll(/type (\w+Form) = Record<([^,>]+),/g)].map(([, name, keys]) => [name!, [...keys!.matchAll(/'(\w+)'/g)].map((m) => m[1]!)]))
    for (const block of source.split(/^export const /m).slice(1)) {
      const name = block.split(/\s/, 1)[0]!
      if (!block.includes('createServerFn')) continue
      const validator = /\.validator\(([\s\S]*?)\)\s*\n\s*\.handler/.exec(block)?.[1] ?? ''
      const fields = new Set([...validator.matchAll(/\binput\.(\w+)/g)].map((m) => m[1]!))
      for (const [type, keys] of formTypes) if (validator.includes(type)) keys.forEach((k) => fields.add(k))
      for (const m of validator.matchAll(/\b(\w+)\??: unknown/g)) fields.add(m[1]!)
      found.set(name, {
        method: /createServerFn\(\{\s*method:\s*'GET'/.test(block) ? 'GET' : 'POST',
        schemaName: /(?:contractInput|formInput)\((\w+)/.exec(validator)?.[1],
        fields: [...fields],
        form: validator.includes('formInput('),
      })
    }
  }
  return found
}

/** The exported zod schemas of `src/contract`, by name, as JSON Schemas of their input. */
export async function contractSchemas(contractDir: string): Promise<Map<string, JsonSchema>> {
  const schemas = new Map<string, JsonSchema>()
  for (const file of readdirSync(contractDir).filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'))) {
    const module = (await import(path.resolve(contractDir, file))) as Record<string, unknown>
    for (const [name, value] of Object.entries(module)) {
      if (!(value instanceof z.ZodType)) continue
      try {
        schemas.set(name, z.toJSONSchema(value, { io: 'input', unrepresentable: 'any' }) as JsonSchema)
      } catch {
        // A schema JSON Schema cannot say (recursive, custom): its fields stay unknown.
      }
    }
  }
  return schemas
}

/** The build's server functions with what the source says of their input. */
export async function serverFunctions(serverBundle: string, srcDir: string): Promise<ServerFunction[]> {
  const sources = sourceFunctions(srcDir)
  const contract = await contractSchemas(path.join(srcDir, 'contract'))
  return manifestFunctions(serverBundle).map(({ id, name }) => {
    const source = sources.get(name)
    const fromContract = source?.schemaName ? contract.get(source.schemaName) : undefined
    const fromFields = source && source.fields.length > 0 ? { type: 'object', properties: Object.fromEntries(source.fields.map((f) => [f, {}])) } : undefined
    return { kind: 'fn', id, name, method: source?.method ?? 'POST', input: fromContract ?? fromFields, form: source?.form ?? false }
  })
}
