import { Trans } from '@lingui/react/macro'

/**
 * The box every Romanian broker opens with: the plate (and the VIN, for the registry lookup)
 * starts an RCA comparison. A plain GET form: it works before and without JavaScript; the RCA
 * page turns `?plate=&vin=` into its deep link.
 */
export function PlateBox() {
  return (
    <form method="get" action="/rca" className="plate-box" aria-labelledby="plate-box-title">
      <h2 id="plate-box-title">
        <Trans>Compare RCA prices</Trans>
      </h2>
      <div className="plate-box__fields">
        <div className="field">
          <label htmlFor="plate-box-plate">
            <Trans>Registration plate</Trans>
          </label>
          <input id="plate-box-plate" name="plate" autoCapitalize="characters" autoComplete="off" placeholder="B 123 ABC" maxLength={12} required />
        </div>
        <div className="field">
          <label htmlFor="plate-box-vin">
            <Trans>VIN (optional)</Trans>
          </label>
          <input id="plate-box-vin" name="vin" autoCapitalize="characters" autoComplete="off" maxLength={17} />
        </div>
        <button type="submit" className="button">
          <Trans>See the offers</Trans>
        </button>
      </div>
    </form>
  )
}
