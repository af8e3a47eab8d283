import { useLingui } from '@lingui/react/macro'
import type { VehicleCategory, VehicleFuel, VehicleUsage } from '~/contract/vehicle'

/** Vehicle words shared by the RCA form and the account's vehicles. */
export function useVehicleCategoryLabels(): Record<VehicleCategory, string> {
  const { t } = useLingui()
  return {
    car: t`Car`,
    motorcycle: t`Motorcycle`,
    'goods-vehicle': t`Goods vehicle`,
    bus: t`Bus or minibus`,
    tractor: t`Tractor`,
    trailer: t`Trailer`,
  }
}

export function useFuelLabels(): Record<VehicleFuel, string> {
  const { t } = useLingui()
  return {
    petrol: t`Petrol`,
    diesel: t`Diesel`,
    lpg: t`LPG`,
    hybrid: t`Hybrid`,
    electric: t`Electric`,
    other: t`Other fuel`,
  }
}

export function useUsageLabels(): Record<VehicleUsage, string> {
  const { t } = useLingui()
  return {
    personal: t`Personal use`,
    taxi: t`Taxi`,
    'ride-sharing': t`Ride-sharing (Uber, Bolt)`,
    'rent-a-car': t`Rent-a-car`,
    'driving-school': t`Driving school`,
    courier: t`Courier and deliveries`,
    'dangerous-goods': t`Dangerous goods`,
  }
}
