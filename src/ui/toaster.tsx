import { useLingui } from '@lingui/react/macro'
import type { MouseEvent } from 'react'
import { Toaster, toast } from 'sonner'
import type { Theme } from '~/contract/preferences'

/**
 * Toasts of spec §9: top-right, 5 s, at most 20, paused on hover, draggable, dismissed on click;
 * each has a close button too, so a keyboard can dismiss one that waits for an answer.
 */
export function AppToaster({ theme }: { theme: Theme }) {
  const { t } = useLingui()
  return (
    <div onClick={dismissClicked} className="toaster">
      <Toaster
        position="top-right"
        duration={5000}
        visibleToasts={20}
        theme={theme}
        richColors
        closeButton
        swipeDirections={['right', 'top']}
        containerAriaLabel={t`Notifications`}
        toastOptions={{ closeButtonAriaLabel: t`Close` }}
      />
    </div>
  )
}

const ID_CLASS = 'toast-id-'

/** Sonner has no click-to-dismiss; each toast carries its id in a class so a click can find it. */
function dismissClicked(event: MouseEvent) {
  const target = event.target as HTMLElement
  if (target.closest('button')) return // its own action and close buttons
  const element = target.closest<HTMLElement>('[data-sonner-toast]')
  const idClass = element && [...element.classList].find((c) => c.startsWith(ID_CLASS))
  if (idClass) toast.dismiss(idClass.slice(ID_CLASS.length))
}

type Kind = 'success' | 'error' | 'warning' | 'info' | 'default'
let sequence = 0

/** Shows a toast of one of the five kinds. Every toast of the app goes through here. */
export function notify(kind: Kind, message: string, options: { action?: { label: string; onClick: () => void }; duration?: number } = {}) {
  const id = `${Date.now().toString(36)}${(sequence++).toString(36)}`
  const data = { id, className: `${ID_CLASS}${id}`, ...options }
  if (kind === 'default') return toast(message, data)
  return toast[kind](message, data)
}

/** A 422 answer: the first message of each field, as one error toast per field (spec §5). */
export function notifyFieldErrors(fields: Record<string, readonly string[]>) {
  for (const messages of Object.values(fields)) {
    const first = messages[0]
    if (first) notify('error', first)
  }
}
