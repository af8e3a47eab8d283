import { createServerFn } from '@tanstack/react-start'
import { VirtualCardList, type VirtualCard } from '~/contract/policy-check'
import { qrSvg, type QrSvg } from '~/contract/qr'
import { callProvider } from '~/server/web/request'
import { signedInOnly } from '~/server/web/signed-in-only'

/** A card as the page draws it: the QR code is drawn here, on the server, so no QR library reaches the browser. */
export type VirtualCardView = VirtualCard & { qr: QrSvg }

/** The signed-in visitor's cards; the provider answers only the bearer's own policies. */
export const listVirtualCards = createServerFn({ method: 'GET' })
  .middleware([signedInOnly])
  .handler(async (): Promise<VirtualCardView[]> => {
    const { data } = await callProvider('/virtual-cards', { schema: VirtualCardList })
    return data.map((card) => ({ ...card, qr: qrSvg(card.verification_url) }))
  })
