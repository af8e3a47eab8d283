/**
 * One client connection: its socket id, the channels it joined, the signed-in user, liveness,
 * its client-event allowance, and a queue that handles its messages one at a time (a
 * subscribe may wait on Redis; what the client sent next must wait for it).
 */
import type { Duplex } from 'node:stream'
import type { WebSocket } from 'ws'
import { log } from '../log'
import { Code, errorFrame } from './protocol'
import { RateWindow } from './rate-window'

export interface Membership {
  /** Presence only: the member's user id as stored (a string) and as the client gave it. */
  userId: string
  rawUserId: unknown
  /** `user_info` as JSON text (`null` when none was given). */
  info: string
}

export interface SignedInUser {
  id: string
  /** `user_info` of the sign-in, used as presence info when a channel is joined without channel_data. */
  info: unknown
}

export class Connection {
  /** Channels joined, with the presence membership where there is one. */
  readonly channels = new Map<string, Membership | undefined>()
  user: SignedInUser | undefined
  lastSeen = Date.now()
  /** When the server pinged a silent client; 0 when it has not. */
  pingedAt = 0
  closed = false
  /** Client events this connection may still send this second. */
  readonly clientEvents: RateWindow
  private readonly maxBufferedBytes: number
  private queue: Promise<void> = Promise.resolve()

  constructor(
    readonly socketId: string,
    private readonly ws: WebSocket,
    /** The upgraded TCP (or TLS) socket under `ws`, for frames prepared once for many sockets. */
    private readonly socket: Duplex,
    limits: { maxBufferedBytes: number; clientEventsPerSecond: number },
  ) {
    this.maxBufferedBytes = limits.maxBufferedBytes
    this.clientEvents = new RateWindow(limits.clientEventsPerSecond)
  }

  /** Sends one message (a text frame), framed by `ws`. */
  send(text: string): void {
    if (this.writable()) this.ws.send(text)
  }

  /**
   * Writes a whole frame built once for every subscriber (websocket-frame.ts) straight to the
   * socket: `ws` writes each of its frames whole and synchronously (no compression, so it never
   * queues), so this one lands between two of them, never inside one.
   */
  sendFrame(frame: Buffer): void {
    if (this.writable()) this.socket.write(frame)
  }

  /** Open, and not after a close frame either way; a client that does not read is dropped (4100). */
  private writable(): boolean {
    if (this.closed || this.ws.readyState !== this.ws.OPEN) return false
    if (this.socket.writableLength <= this.maxBufferedBytes) return true
    // Rather than hold its backlog in memory.
    this.close(Code.overCapacity, 'Client too slow, reconnect later')
    return false
  }

  /** Sends `pusher:error` then closes with the same code. */
  refuse(code: number, message: string): void {
    this.send(errorFrame(code, message))
    this.close(code, message)
  }

  close(code: number, reason: string): void {
    if (this.closed) return
    this.closed = true
    this.ws.close(code, reason.slice(0, 120))
  }

  /** Closes at once, without the closing handshake (a client that stopped answering). */
  terminate(): void {
    this.closed = true
    this.ws.terminate()
  }

  ping(): void {
    if (!this.closed) this.ws.ping()
  }

  /** Runs `task` after every task queued before it on this connection. */
  enqueue(task: () => Promise<void> | void): Promise<void> {
    this.queue = this.queue.then(task).catch((error: unknown) => log.error('realtime.message_failed', { socket: this.socketId, error }))
    return this.queue
  }
}
