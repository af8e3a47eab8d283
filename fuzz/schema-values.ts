import fc from 'fast-check'

/** A JSON Schema (2020-12) as the OpenAPI document and `z.toJSONSchema` write them. */
export type JsonSchema = {
  type?: string | string[]
  const?: unknown
  enum?: unknown[]
  anyOf?: JsonSchema[]
  oneOf?: JsonSchema[]
  allOf?: JsonSchema[]
  format?: string
  pattern?: string
  minLength?: number
  maxLength?: number
  minimum?: number
  maximum?: number
  exclusiveMinimum?: number
  exclusiveMaximum?: number
  items?: JsonSchema
  minItems?: number
  maxItems?: number
  properties?: Record<string, JsonSchema>
  required?: string[]
}

/**
 * Ids and codes of real objects (the fuzzer's own account's vehicle, a product code…), so some
 * requests get past "not found" and reach the checks behind it. Filled at run time.
 */
export const knownValues = { ids: [] as string[], codes: [] as string[] }

const isoDate = fc.date({ min: new Date('1990-01-01'), max: new Date('2040-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10))
const text = (min = 0, max = 40) => fc.string({ minLength: min, maxLength: Math.max(min, Math.min(max, 60)) })
const uuid = fc.oneof({ weight: 3, arbitrary: fc.uuid() }, { weight: 1, arbitrary: fc.constant('').chain(() => (knownValues.ids.length > 0 ? fc.constantFrom(...knownValues.ids) : fc.uuid())) })
const code = fc.oneof(fc.stringMatching(/^[a-z0-9-]{2,20}$/), fc.constant('').chain(() => (knownValues.codes.length > 0 ? fc.constantFrom(...knownValues.codes) : fc.constant('rca'))))

/** A value of a string schema: its format, its pattern when fast-check can write one, else text of the right length. */
function stringValue(schema: JsonSchema): fc.Arbitrary<string> {
  switch (schema.format) {
    case 'uuid':
      return uuid
    case 'date':
      return isoDate
    case 'date-time':
      return fc.date({ min: new Date('2000-01-01'), max: new Date('2040-01-01'), noInvalidDate: true }).map((d) => d.toISOString())
    case 'email':
      return fc.emailAddress()
    case 'uri':
      return fc.webUrl()
  }
  if (schema.pattern) {
    try {
      return fc.stringMatching(new RegExp(schema.pattern))
    } catch {
      // A pattern fast-check cannot write (look-arounds): plain text below.
    }
  }
  return fc.oneof(text(schema.minLength ?? 0, schema.maxLength ?? 40), code)
}

function numberValue(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = schema.minimum ?? schema.exclusiveMinimum ?? -1_000_000
  const max = schema.maximum ?? schema.exclusiveMaximum ?? 1_000_000
  return integer ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) }) : fc.double({ min, max, noNaN: true, noDefaultInfinity: true })
}

/** Something of a schema that says nothing about its type: a small JSON value, usually a string. */
const anything: fc.Arbitrary<unknown> = fc.oneof({ weight: 4, arbitrary: fc.oneof(text(), uuid, isoDate, code) }, fc.integer(), fc.boolean(), fc.constant(null))

/**
 * A value that satisfies `schema` (as far as a JSON Schema says: refinements in code may still
 * refuse it), so a request with it gets past the first checks. Optional properties come and go.
 */
export function validValue(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 6) return anything
  if ('const' in schema) return fc.constant(schema.const)
  if (schema.enum && schema.enum.length > 0) return fc.constantFrom(...schema.enum)
  const choices = schema.anyOf ?? schema.oneOf
  if (choices && choices.length > 0) return fc.oneof(...choices.map((s) => validValue(s, depth + 1)))
  if (schema.allOf && schema.allOf.length > 0) return validValue(schema.allOf[0], depth + 1)
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : []
  if (types.length > 1) return fc.oneof(...types.map((type) => validValue({ ...schema, type }, depth + 1)))
  switch (types[0]) {
    case 'string':
      return stringValue(schema)
    case 'integer':
      return numberValue(schema, true)
    case 'number':
      return numberValue(schema, false)
    case 'boolean':
      return fc.boolean()
    case 'null':
      return fc.constant(null)
    case 'array':
      return fc.array(validValue(schema.items, depth + 1), { minLength: schema.minItems ?? 0, maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 3, 3)) })
    case 'object':
    case undefined:
      if (!schema.properties) return types[0] === 'object' ? fc.dictionary(text(1, 12), anything, { maxKeys: 3 }) : anything
      return objectValue(schema, depth)
  }
  return anything
}

function objectValue(schema: JsonSchema, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const required = new Set(schema.required ?? [])
  const fields = Object.entries(schema.properties ?? {}).map(([name, property]) => {
    const value = validValue(property, depth + 1)
    // An optional field is left out a third of the time.
    return required.has(name) ? value.map((v) => [name, v] as const) : fc.option(value.map((v) => [name, v] as const), { freq: 3 })
  })
  return fc.tuple(...fields).map((entries) => Object.fromEntries(entries.filter((e) => e !== null)))
}

/** The names of an object schema's properties (or of the objects it may be). */
export function propertyNames(schema: JsonSchema | undefined): string[] {
  if (!schema) return []
  const own = Object.keys(schema.properties ?? {})
  const nested = [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])].flatMap(propertyNames)
  return [...new Set([...own, ...nested])]
}
