import type { AppConfig } from '../../../app.config'
import type { Database } from '../db/client'
import { sandboxPaymentsUrl } from '../outside-services'
import { NetopiaProcessor } from './netopia/processor'
import { SandboxProcessor } from './sandbox-processor'
import { PaymentService } from './service'
import { sandboxProcessorKey } from './signature'

/**
 * Where processors reach this API: NETOPIA at the public address; the sandbox processor, which
 * runs on this machine (with the app or as `npm run start:sandbox`), at this server on loopback.
 */
export function notificationBaseUrl(config: Pick<AppConfig, 'PUBLIC_URL' | 'PORT' | 'PAYMENT_PROVIDER'>): string {
  return config.PAYMENT_PROVIDER === 'netopia' ? config.PUBLIC_URL : `http://127.0.0.1:${config.PORT}`
}

/** The payment service on the processor `PAYMENT_PROVIDER` names. */
export function createPaymentService(db: Database, config: AppConfig): PaymentService {
  const processor =
    config.PAYMENT_PROVIDER === 'netopia'
      ? new NetopiaProcessor({ apiUrl: config.NETOPIA_API_URL!, apiKey: config.NETOPIA_API_KEY, posSignature: config.NETOPIA_POS_SIGNATURE, publicKeyPem: config.NETOPIA_PUBLIC_KEY })
      : new SandboxProcessor(sandboxPaymentsUrl(config), sandboxProcessorKey(config))
  return new PaymentService(db, processor, `${notificationBaseUrl(config)}/api/v1/payments/notifications/${processor.name}`)
}
