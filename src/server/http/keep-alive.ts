import type { Server as HttpServer } from 'node:http'

/**
 * Idle kept-alive connections stay open 65 s instead of Node's 5. A client that reuses one (the
 * cluster's proxy, a load balancer, a browser) can send its request at the very moment the server
 * closes the connection, and gets ECONNRESET for a request the server never read; with the
 * server waiting longer than the proxies in front of it (60 s is their common idle timeout), the
 * client is always the side that closes. Headers keep their own deadline, just above it.
 */
export function keepIdleConnectionsOpen(server: HttpServer): void {
  server.keepAliveTimeout = 65_000
  server.headersTimeout = 66_000
}
