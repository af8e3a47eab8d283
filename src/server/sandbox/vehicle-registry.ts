import { checkVin, normalizePlate } from '~/contract/vehicle'
import { behaveLikeRemote, failure, json, methodNotAllowed, stableFraction } from './http'
import { registryVehicles, type RegistryRecord } from './vehicle-registry-data'

/**
 * The vehicle registry sandbox: stands in for the national register of registered vehicles,
 * which answers the registration-certificate fields for a plate and VIN it knows.
 *
 *   GET /sandbox/vehicle-registry/vehicles?registration_plate=B123ABC&vin=UU1HSDAC5L5123456
 *     → 200 {vehicle: {A, B, D.1, D.3, E, F.1, J, P.1, P.2, P.3, S.1}}
 *     → 404 when the plate is unknown or the VIN is not the one registered under it
 *       (the register never says which, so a plate alone reveals nothing).
 */

const byPlate = new Map<string, RegistryRecord>(registryVehicles.map((v) => [v.A, v]))

export async function vehicleRegistryService(request: Request, path: string): Promise<Response> {
  if (path !== '/vehicles') return failure(404, 'not_found', 'Unknown vehicle-registry resource.')
  if (request.method !== 'GET') return methodNotAllowed('GET')
  const params = new URL(request.url).searchParams
  const plate = normalizePlate(params.get('registration_plate') ?? '')
  const vin = checkVin(params.get('vin') ?? '')
  if (!/^[A-Z0-9]{2,10}$/.test(plate)) return failure(400, 'invalid_registration_plate', 'Give registration_plate.')
  if (!vin.ok) return failure(400, 'invalid_vin', 'Give a 17-character vin.')
  // 60–250 ms, fixed by the plate.
  const forced = await behaveLikeRemote(request, 60 + Math.floor(stableFraction(`registry:${plate}`) * 190))
  if (forced) return forced
  const record = byPlate.get(plate)
  if (!record || record.E !== vin.vin) return failure(404, 'vehicle_not_found', 'No registered vehicle with this plate and VIN.')
  return json({ vehicle: record })
}
