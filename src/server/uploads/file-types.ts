import { UPLOAD_FILE_TYPES, type UploadFileType } from '#shared/uploads.ts';

/**
 * The file types an upload may be, told by the file's first bytes rather than by its name or the
 * type the browser declared: a file whose bytes are not one of these is refused.
 */
export type FileType = UploadFileType;

const MATCHERS: Record<FileType['contentType'], (head: Uint8Array) => boolean> = {
  'image/png': (h) => startsWith(h, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  'image/jpeg': (h) => startsWith(h, [0xff, 0xd8, 0xff]),
  'image/gif': (h) => ascii(h, 0, 6) === 'GIF87a' || ascii(h, 0, 6) === 'GIF89a',
  'image/webp': (h) => ascii(h, 0, 4) === 'RIFF' && ascii(h, 8, 12) === 'WEBP',
  'application/pdf': (h) => ascii(h, 0, 5) === '%PDF-',
};

function startsWith(head: Uint8Array, bytes: number[]) {
  return bytes.every((byte, index) => head[index] === byte);
}

function ascii(head: Uint8Array, from: number, to: number) {
  return String.fromCharCode(...head.subarray(from, to));
}

/** The type the bytes say, or null when they are none of the allowed ones. */
export function sniffFileType(head: Uint8Array): FileType | null {
  return UPLOAD_FILE_TYPES.find((type) => MATCHERS[type.contentType](head)) ?? null;
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
