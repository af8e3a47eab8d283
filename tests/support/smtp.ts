/**
 * A mail server on loopback for the tests: the outside boundary mail leaves through. It speaks
 * just enough SMTP for nodemailer, records every message, and can greet slowly, as a distant
 * or busy server does.
 */
import { createServer, type Socket } from 'node:net'

export interface FakeSmtp {
  url: string
  /** Raw messages received (headers and body, dot-unstuffed), with their recipients. */
  messages: { to: string[]; data: string }[]
  close(): Promise<void>
}

/** `refusing`: while it answers true, the server turns mail away with a temporary error (451), as a busy or greylisting server does. */
export async function startFakeSmtp(options: { greetingDelayMs?: number; refusing?: () => boolean } = {}): Promise<FakeSmtp> {
  const messages: FakeSmtp['messages'] = []
  const sockets = new Set<Socket>()
  const server = createServer((socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
    socket.setEncoding('utf8')
    const reply = (line: string) => socket.write(`${line}\r\n`)
    let buffer = ''
    let to: string[] = []
    let data: string | undefined
    setTimeout(() => reply('220 fake.smtp ESMTP'), options.greetingDelayMs ?? 0)
    socket.on('data', (chunk: string) => {
      buffer += chunk
      for (let end = buffer.indexOf('\r\n'); end >= 0; end = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, end)
        buffer = buffer.slice(end + 2)
        if (data !== undefined) {
          if (line === '.') {
            messages.push({ to, data })
            data = undefined
            to = []
            reply('250 queued')
          } else data += `${line.startsWith('.') ? line.slice(1) : line}\n`
          continue
        }
        const verb = line.split(' ', 1)[0]!.toUpperCase()
        if (verb === 'RCPT') to.push(/<([^>]*)>/.exec(line)?.[1] ?? '')
        if (verb === 'MAIL' && options.refusing?.()) {
          reply('451 4.7.1 try again later')
          continue
        }
        if (verb === 'DATA') {
          data = ''
          reply('354 end with <CRLF>.<CRLF>')
        } else if (verb === 'QUIT') {
          reply('221 bye')
          socket.end()
        } else reply('250 ok')
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  if (!address || typeof address === 'string') throw new Error('no port')
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    messages,
    close: async () => {
      for (const socket of sockets) socket.destroy()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
