/**
 * What POST /upload accepts: at most 10 MB, of one of these types. The server tells the type by
 * the file's first bytes; the client offers the same list in its file picker.
 */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

export const UPLOAD_FILE_TYPES = [
  { contentType: 'image/png', extension: 'png', label: 'PNG' },
  { contentType: 'image/jpeg', extension: 'jpg', label: 'JPEG' },
  { contentType: 'image/gif', extension: 'gif', label: 'GIF' },
  { contentType: 'image/webp', extension: 'webp', label: 'WebP' },
  { contentType: 'application/pdf', extension: 'pdf', label: 'PDF' },
] as const;

export type UploadFileType = (typeof UPLOAD_FILE_TYPES)[number];

/** The `accept` attribute of a file input that offers exactly these types. */
export const UPLOAD_ACCEPT = UPLOAD_FILE_TYPES.map((type) => type.contentType).join(',');

/** 'PNG, JPEG, GIF, WebP or PDF'. */
export const UPLOAD_TYPES_TEXT = `${UPLOAD_FILE_TYPES.slice(0, -1)
  .map((type) => type.label)
  .join(', ')} or ${UPLOAD_FILE_TYPES.at(-1)?.label}`;
