/**
 * A zip archive of a few files, each deflated by the browser's own CompressionStream (so no
 * compression library ships for it). Only what a workbook needs: names in UTF-8, sizes under
 * 4 GB, no encryption; every reader of .xlsx and .zip opens it.
 */
const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n += 1) {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

export function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] as number) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

async function deflateRaw(bytes: Uint8Array<ArrayBuffer>): Promise<Uint8Array> {
  const input = new ReadableStream<BufferSource>({
    start(controller) {
      controller.enqueue(bytes);
      controller.close();
    },
  });
  const reader = input.pipeThrough(new CompressionStream('deflate-raw')).getReader();
  const chunks: Uint8Array[] = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return joined(chunks);
    chunks.push(value);
  }
}

function joined(parts: readonly Uint8Array[]): Uint8Array<ArrayBuffer> {
  const whole = new Uint8Array(parts.reduce((size, part) => size + part.length, 0));
  let at = 0;
  for (const part of parts) {
    whole.set(part, at);
    at += part.length;
  }
  return whole;
}

/** 1 January 1980, the earliest date a zip entry holds: the archive says nothing of when. */
const DOS_DATE = 0x21;
const UTF8_NAMES = 0x800;
const DEFLATED = 8;
const VERSION = 20;

/**
 * A header of an entry: `signature`, then from byte `at` the fields a file's local header and
 * its central directory entry share (version needed, flags, method, time and date, CRC, sizes,
 * name length), then the name after `size` bytes.
 */
function header(
  size: number,
  signature: number,
  at: number,
  entry: { name: Uint8Array; crc: number; packed: number; length: number },
) {
  const bytes = new Uint8Array(size + entry.name.length);
  const view = new DataView(bytes.buffer);
  view.setUint32(0, signature, true);
  view.setUint16(at, VERSION, true);
  view.setUint16(at + 2, UTF8_NAMES, true);
  view.setUint16(at + 4, DEFLATED, true);
  view.setUint16(at + 8, DOS_DATE, true);
  view.setUint32(at + 10, entry.crc, true);
  view.setUint32(at + 14, entry.packed, true);
  view.setUint32(at + 18, entry.length, true);
  view.setUint16(at + 22, entry.name.length, true);
  bytes.set(entry.name, size);
  return { bytes, view };
}

/** The archive's bytes: `files` maps each path in it to its contents. */
export async function zipArchive(
  files: Readonly<Record<string, Uint8Array<ArrayBuffer>>>,
): Promise<Uint8Array<ArrayBuffer>> {
  const encoder = new TextEncoder();
  const locals: Uint8Array[] = [];
  const centrals: Uint8Array[] = [];
  let offset = 0;
  for (const [path, contents] of Object.entries(files)) {
    const data = await deflateRaw(contents);
    const entry = {
      name: encoder.encode(path),
      crc: crc32(contents),
      packed: data.length,
      length: contents.length,
    };
    const local = header(30, 0x04034b50, 4, entry).bytes;
    const central = header(46, 0x02014b50, 6, entry);
    central.view.setUint16(4, VERSION, true);
    central.view.setUint32(42, offset, true);
    locals.push(local, data);
    centrals.push(central.bytes);
    offset += local.length + data.length;
  }
  const directorySize = centrals.reduce((size, central) => size + central.length, 0);
  const end = new Uint8Array(22);
  const tail = new DataView(end.buffer);
  tail.setUint32(0, 0x06054b50, true);
  tail.setUint16(8, centrals.length, true);
  tail.setUint16(10, centrals.length, true);
  tail.setUint32(12, directorySize, true);
  tail.setUint32(16, offset, true);
  return joined([...locals, ...centrals, end]);
}
