/**
 * A file's bytes as text, whatever wrote it: UTF-8 with or without its byte order mark, UTF-16
 * with its mark (Excel's 'Unicode text'), else Windows-1252, the code page of older Windows
 * spreadsheets and tills. UTF-8 is tried first and strictly: text in Windows-1252 with any
 * letter past ASCII ('Rosé' as E9) is never valid UTF-8, and valid UTF-8 is almost never
 * meant as Windows-1252, so 'Rosé' and 'Grüner Veltliner' arrive intact either way.
 */
export type TextEncoding = 'utf-8' | 'utf-8 with BOM' | 'utf-16le' | 'utf-16be' | 'windows-1252';

export interface DecodedText {
  text: string;
  encoding: TextEncoding;
}

/**
 * Windows-1252's letters at 0x80–0x9F (€, curly quotes, dashes, Š, Ž...); the rest of the code
 * page is Latin-1, a byte for the code point. Written out because Node's TextDecoder reads the
 * label as Latin-1, and the same file must read the same on a tablet and on the server.
 */
const WINDOWS_1252_HIGH =
  '\u20ac\ufffd\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\ufffd\u017d\ufffd' +
  '\ufffd\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\ufffd\u017e\u0178';

function decodeWindows1252(bytes: Uint8Array): string {
  const chars: string[] = [];
  const CHUNK = 8192;
  for (let start = 0; start < bytes.length; start += CHUNK) {
    const codes = Array.from(bytes.subarray(start, start + CHUNK), (byte) =>
      byte >= 0x80 && byte <= 0x9f ? WINDOWS_1252_HIGH.charCodeAt(byte - 0x80) : byte,
    );
    chars.push(String.fromCharCode(...codes));
  }
  return chars.join('');
}

const startsWith = (bytes: Uint8Array, mark: readonly number[]) =>
  mark.every((byte, index) => bytes[index] === byte);

export function decodeText(bytes: Uint8Array): DecodedText {
  if (startsWith(bytes, [0xef, 0xbb, 0xbf])) {
    return { text: new TextDecoder('utf-8').decode(bytes.subarray(3)), encoding: 'utf-8 with BOM' };
  }
  if (startsWith(bytes, [0xff, 0xfe])) {
    return { text: new TextDecoder('utf-16le').decode(bytes.subarray(2)), encoding: 'utf-16le' };
  }
  if (startsWith(bytes, [0xfe, 0xff])) {
    return { text: new TextDecoder('utf-16be').decode(bytes.subarray(2)), encoding: 'utf-16be' };
  }
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' };
  } catch {
    return { text: decodeWindows1252(bytes), encoding: 'windows-1252' };
  }
}
