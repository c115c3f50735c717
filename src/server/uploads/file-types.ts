/**
 * The file types an upload may be, told by the file's first bytes rather than by its name or the
 * type the browser declared: a file whose bytes are not one of these is refused.
 */
export interface FileType {
  contentType: string;
  extension: string;
  label: string;
}

const TYPES: { type: FileType; matches: (head: Uint8Array) => boolean }[] = [
  {
    type: { contentType: 'image/png', extension: 'png', label: 'PNG' },
    matches: (h) => startsWith(h, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  },
  {
    type: { contentType: 'image/jpeg', extension: 'jpg', label: 'JPEG' },
    matches: (h) => startsWith(h, [0xff, 0xd8, 0xff]),
  },
  {
    type: { contentType: 'image/gif', extension: 'gif', label: 'GIF' },
    matches: (h) => ascii(h, 0, 6) === 'GIF87a' || ascii(h, 0, 6) === 'GIF89a',
  },
  {
    type: { contentType: 'image/webp', extension: 'webp', label: 'WebP' },
    matches: (h) => ascii(h, 0, 4) === 'RIFF' && ascii(h, 8, 12) === 'WEBP',
  },
  {
    type: { contentType: 'application/pdf', extension: 'pdf', label: 'PDF' },
    matches: (h) => ascii(h, 0, 5) === '%PDF-',
  },
];

export const ALLOWED_FILE_TYPES = TYPES.map(({ type }) => type.label);

function startsWith(head: Uint8Array, bytes: number[]) {
  return bytes.every((byte, index) => head[index] === byte);
}

function ascii(head: Uint8Array, from: number, to: number) {
  return String.fromCharCode(...head.subarray(from, to));
}

/** The type the bytes say, or null when they are none of the allowed ones. */
export function sniffFileType(head: Uint8Array): FileType | null {
  return TYPES.find(({ matches }) => matches(head))?.type ?? null;
}

/** Types a browser may declare for any file: they say nothing, so they contradict nothing. */
const UNINFORMATIVE = new Set(['', 'application/octet-stream']);

/** Whether the declared type agrees with the sniffed one (image/jpg is a common alias). */
export function declaredTypeAgrees(declared: string, sniffed: FileType): boolean {
  const type = declared.split(';')[0]?.trim().toLowerCase() ?? '';
  if (UNINFORMATIVE.has(type)) return true;
  if (type === 'image/jpg') return sniffed.contentType === 'image/jpeg';
  return type === sniffed.contentType;
}
