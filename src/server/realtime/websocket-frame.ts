/**
 * A complete WebSocket text frame (RFC 6455 §5.2), built once for a message that goes to many
 * sockets, so a broadcast costs one buffer and then one plain write per socket (decision 25).
 * Server frames are never masked and this server never compresses or fragments them.
 */
export function textFrame(text: string): Buffer {
  const length = Buffer.byteLength(text)
  const header = length < 126 ? 2 : length < 65_536 ? 4 : 10
  const frame = Buffer.allocUnsafe(header + length)
  frame[0] = 0x81 // FIN, opcode 1: one whole text message
  if (header === 2) frame[1] = length
  else if (header === 4) {
    frame[1] = 126
    frame.writeUInt16BE(length, 2)
  } else {
    frame[1] = 127
    frame.writeBigUInt64BE(BigInt(length), 2)
  }
  frame.write(text, header, 'utf8')
  return frame
}
