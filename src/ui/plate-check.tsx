import { Trans } from '@lingui/react/macro'

/** A vignette is valid only for the exact plate and country: a wrong character makes it worthless (romania-insurance-facts.md §2, §3.3). */
export function PlateWarning() {
  return (
    <p className="notice notice--warning" role="note" data-testid="plate-warning">
      <Trans>
        Check the registration plate letter by letter and the country before you pay: the vignette is valid only for exactly this plate, and one wrong character makes it
        worthless.
      </Trans>
    </p>
  )
}

/** The plate as it will stand on the vignette, large and spaced, so each character can be checked. */
export function PlateToCheck({ plate }: { plate: string }) {
  return (
    <p className="plate-check" data-plate={plate}>
      {plate}
    </p>
  )
}
