import { useLingui } from '@lingui/react/macro'
import { useRouter } from '@tanstack/react-router'
import { useEffect, useRef, useSyncExternalStore } from 'react'
import { notify } from '~/ui/toaster'
import type { ConnectionState, RealtimeEvent, RealtimeSettings } from './connection'

export interface ReceivedNotification {
  id: string
  event: RealtimeEvent
  receivedAt: string
  read: boolean
}

interface Snapshot {
  userId: string | null
  /** null while signed out: no connection is open. */
  state: ConnectionState | null
  notifications: ReceivedNotification[]
}

const SIGNED_OUT: Snapshot = { userId: null, state: null, notifications: [] }
/** What arrived stays for the tab's life, across reloads (sessionStorage), and no longer: it is about this visit. */
const STORAGE_KEY = 'asiguro.notifications'
const KEEP = 50

/** The tab's live-update state, outside React (one per tab), read with `useSyncExternalStore`. */
let snapshot: Snapshot = SIGNED_OUT
const listeners = new Set<() => void>()

function update(next: Snapshot) {
  snapshot = next
  try {
    if (next.userId) window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ userId: next.userId, items: next.notifications }))
    else window.sessionStorage.removeItem(STORAGE_KEY)
  } catch {
    // storage blocked: the list lives as long as the page
  }
  for (const listener of listeners) listener()
}

function stored(userId: string): ReceivedNotification[] {
  try {
    const value = JSON.parse(window.sessionStorage.getItem(STORAGE_KEY) ?? 'null') as { userId: string; items: ReceivedNotification[] } | null
    return value?.userId === userId ? value.items : []
  } catch {
    return []
  }
}

export const liveUpdates = {
  subscribe(listener: () => void) {
    listeners.add(listener)
    return () => listeners.delete(listener)
  },
  markAllRead: () => snapshot.notifications.some((n) => !n.read) && update({ ...snapshot, notifications: snapshot.notifications.map((n) => ({ ...n, read: true })) }),
  clear: () => update({ ...snapshot, notifications: [] }),
}

/** The connection state and the notifications of this tab; empty on the server and while signed out. */
export function useLiveUpdates(): Snapshot {
  return useSyncExternalStore(
    liveUpdates.subscribe,
    () => snapshot,
    () => SIGNED_OUT,
  )
}

/**
 * How many `order.updated` events of this tab concern `orderId` (any order when omitted): a page
 * that shows orders refreshes when the count grows.
 */
export function useOrderUpdates(orderId?: string): number {
  const { notifications } = useLiveUpdates()
  return notifications.filter((n) => n.event.name === 'order.updated' && (orderId === undefined || n.event.payload.id === orderId)).length
}

/**
 * The realtime connection of a signed-in tab (one per tab, pusher-js, the user's private
 * channel): it records the connection state and each event, and toasts the events that need
 * attention. Mounted once, at the root, so it survives layout changes.
 */
export function LiveUpdates({ userId, settings }: { userId: string | null; settings: RealtimeSettings }) {
  const { i18n } = useLingui()
  const router = useRouter()
  // The route context hands a new settings object at every navigation: reconnect only when a value changes.
  const settingsKey = JSON.stringify(settings)
  // The latest language and router, read when an event arrives, without reconnecting when they change.
  const latest = useRef({ i18n, router })
  useEffect(() => {
    latest.current = { i18n, router }
  })

  useEffect(() => {
    if (!userId) {
      if (snapshot.userId) update(SIGNED_OUT)
      return
    }
    update({ userId, state: 'connecting', notifications: stored(userId) })
    // The connection's code (and pusher-js after it) loads for signed-in visitors only, after the page (decision 80).
    let closed = false
    let close: (() => void) | undefined
    void import('./connection').then(({ openUserConnection }) => {
      if (closed) return
      close = openUserConnection(JSON.parse(settingsKey) as RealtimeSettings, userId, {
        onState: (state) => update({ ...snapshot, state }),
        onEvent: (event) => {
          const item: ReceivedNotification = { id: crypto.randomUUID(), event, receivedAt: new Date().toISOString(), read: false }
          update({ ...snapshot, notifications: [item, ...snapshot.notifications].slice(0, KEEP) })
          const { i18n: language, router: navigation } = latest.current
          // The sentences of every event kind load with the first event, not with the page (decision 78).
          void import('./event-messages').then(({ describeEvent }) => {
            const message = describeEvent(event, language)
            if (!message.toast) return
            const action = message.action
            notify(message.toast, message.title, { duration: 10_000, ...(action ? { action: { label: action.label, onClick: () => void navigation.navigate({ href: action.to }) } } : {}) })
          })
        },
      })
    })
    return () => {
      closed = true
      close?.()
    }
  }, [userId, settingsKey])
  return null
}
