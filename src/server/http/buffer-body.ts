/**
 * A Buffer as an answer's body, without copying it: a view of the same bytes, typed the way
 * Response and Hono's c.body want (Node's Buffer may sit on a shared pool).
 */
export const bufferBody = (buffer: Buffer) =>
  new Uint8Array(buffer.buffer as ArrayBuffer, buffer.byteOffset, buffer.byteLength);
