/** Base64 from the adapter to the ArrayBuffers the pages take (postMessage sends ArrayBuffers as bytes, not as JSON). */

/** The bytes of base64 text in an ArrayBuffer of their own. */
export function arrayBufferOf(base64: string): ArrayBuffer {
  const buf = Buffer.from(base64, 'base64');
  // A large Buffer has its own memory (small ones share a pool, and are copied out of it).
  if (buf.byteOffset === 0 && buf.byteLength === buf.buffer.byteLength) return buf.buffer as ArrayBuffer;
  return buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength) as ArrayBuffer;
}
