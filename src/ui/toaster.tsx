import { useLingui } from '@lingui/react/macro'
import { useEffect, useState, type MouseEvent } from 'react'
import type { Theme } from '~/contract/preferences'

type Sonner = typeof import('sonner')

/**
 * sonner (about 10 KB gzip) is loaded with the first toast, not with the page: most visits show
 * none, and the first load of every page has a budget (decision 78). A toast raised
 * before the toaster is on the page is not lost: sonner shows the active toasts to a toaster
 * when it subscribes.
 */
let sonner: Promise<Sonner> | undefined
const loadSonner = () => (sonner ??= import('sonner'))
const toasterWaiting = new Set<(loaded: Sonner) => void>()

/**
 * Toasts of spec §9: top-right, 5 s, at most 20, paused on hover, draggable, dismissed on click;
 * each has a close button too, so a keyboard can dismiss one that waits for an answer.
 */
export function AppToaster({ theme }: { theme: Theme }) {
  const { t } = useLingui()
  const [loaded, setLoaded] = useState<Sonner | null>(null)
  useEffect(() => {
    if (sonner) void sonner.then(setLoaded)
    toasterWaiting.add(setLoaded)
    return () => void toasterWaiting.delete(setLoaded)
  }, [])
  if (!loaded) return null
  const { Toaster, toast } = loaded
  return (
    <div onClick={(event) => dismissClicked(event, toast)} className="toaster">
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
function dismissClicked(event: MouseEvent, toast: Sonner['toast']) {
  const target = event.target as HTMLElement
  if (target.closest('button')) return // its own action and close buttons
  const element = target.closest<HTMLElement>('[data-sonner-toast]')
  const idClass = element && [...element.classList].find((c) => c.startsWith(ID_CLASS))
  if (idClass) toast.dismiss(idClass.slice(ID_CLASS.length))
}

type Kind = 'success' | 'error' | 'warning' | 'info' | 'default'
let sequence = 0

/** Shows a toast of one of the five kinds. Every toast of the app goes through here. */
export function notify(kind: Kind, message: string, options: { action?: { label: string; onClick: () => void }; duration?: number } = {}): void {
  const id = `${Date.now().toString(36)}${(sequence++).toString(36)}`
  const data = { id, className: `${ID_CLASS}${id}`, ...options }
  void loadSonner().then((loaded) => {
    for (const show of toasterWaiting) show(loaded)
    if (kind === 'default') loaded.toast(message, data)
    else loaded.toast[kind](message, data)
  })
}

/** A 422 answer: the first message of each field, as one error toast per field (spec §5). */
export function notifyFieldErrors(fields: Record<string, readonly string[]>) {
  for (const messages of Object.values(fields)) {
    const first = messages[0]
    if (first) notify('error', first)
  }
}
