import { z } from 'zod'
import type { RegisteredVehicle } from '~/contract/rca'
import { categoryOfRegistrationCode, normalizePlate, normalizeVin, type VehicleFuel } from '~/contract/vehicle'
import { OutsideServiceUnavailable, readFromOutside, type UnavailableReason } from '../http/outside-read'

/**
 * Client of the vehicle registry (today its sandbox, `src/server/sandbox/vehicle-registry.ts`):
 * plate + VIN → the registration-certificate fields, mapped onto the RCA request's vehicle.
 */

/** The registry's answer, checked at the boundary. */
const RegistryAnswer = z.object({
  vehicle: z.object({
    A: z.string(),
    B: z.string(),
    'D.1': z.string(),
    'D.3': z.string(),
    E: z.string(),
    'F.1': z.number().int().positive(),
    J: z.string(),
    'P.1': z.number().int().nonnegative().nullable(),
    'P.2': z.number().int().nonnegative().nullable(),
    'P.3': z.string().nullable(),
    'S.1': z.number().int().nonnegative().nullable(),
  }),
})

export class VehicleRegistryUnavailable extends OutsideServiceUnavailable {
  constructor(reason: UnavailableReason, detail?: string, transient?: boolean) {
    super('vehicle registry', reason, detail, transient)
  }
}

/** Certificate field P.3 as printed (Romanian, upper case) → the contract's fuel. */
export function fuelOfCertificate(p3: string | null): VehicleFuel {
  const text = (p3 ?? '').toUpperCase()
  if (text.includes('ELECTRIC') && !text.includes('HIBRID')) return 'electric'
  if (text.includes('HIBRID') || text.includes('HYBRID')) return 'hybrid'
  if (text.includes('GPL') || text.includes('LPG')) return 'lpg'
  if (text.includes('MOTORINA') || text.includes('DIESEL')) return 'diesel'
  if (text.includes('BENZINA') || text.includes('PETROL')) return 'petrol'
  return 'other'
}

export interface VehicleRegistryClient {
  /** The vehicle, or undefined when the registry has none with this plate and VIN. */
  lookup(plate: string, vin: string): Promise<RegisteredVehicle | undefined>
}

/**
 * `timeoutMs`: the budget of one look-up, both tries together (a timeout or a 5xx is asked once
 * more). `headers`: sent with every call (tests ask the sandbox for a delay with them).
 */
export function createVehicleRegistryClient(options: { baseUrl: string; timeoutMs?: number; headers?: Record<string, string> }): VehicleRegistryClient {
  const budgetMs = options.timeoutMs ?? 3_000

  return {
    async lookup(plate, vin) {
      const url = new URL(`${options.baseUrl}/sandbox/vehicle-registry/vehicles`)
      url.searchParams.set('registration_plate', normalizePlate(plate))
      url.searchParams.set('vin', normalizeVin(vin))
      // 400: a plate or VIN the registry cannot read, which it has no vehicle for either.
      const answer = await readFromOutside({ url: url.href, schema: RegistryAnswer, budgetMs, headers: options.headers, absentOn: [400, 404], unavailable: VehicleRegistryUnavailable })
      if (!answer) return undefined
      const v = answer.vehicle
      const category = categoryOfRegistrationCode(v.J)
      if (!category) throw new VehicleRegistryUnavailable('invalid_answer', `category ${v.J}`)
      return {
        registration_plate: v.A,
        vin: v.E,
        category,
        registration_category: v.J,
        make: v['D.1'],
        model: v['D.3'],
        engine_capacity_cc: v['P.1'] ?? 0,
        power_kw: v['P.2'] ?? 0,
        total_mass_kg: v['F.1'],
        seats: v['S.1'] ?? 0,
        fuel: fuelOfCertificate(v['P.3']),
        first_registration: v.B,
      }
    },
  }
}
