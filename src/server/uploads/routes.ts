import { Hono } from 'hono';
import * as v from 'valibot';
import { API_PREFIX } from '#shared/api.ts';
import { MAX_UPLOAD_BYTES, UPLOAD_FILE_TYPES } from '#shared/uploads.ts';
import type { Deps } from '../deps.ts';
import type { AppEnv } from '../http/app-env.ts';
import type { BodyLimit } from '../http/body-limit.ts';
import { HttpError, MESSAGES } from '../http/errors.ts';
import { declaredTypeAgrees, sniffFileType } from './file-types.ts';
import { findUpload, recordUpload } from './repository.ts';

/**
 * POST /upload: one file in the multipart field `file`, at most 10 MB, whose first bytes must be
 * one of the allowed types (and agree with the type the browser declared). Its bytes are stored
 * in the database with its record, so any instance serves it. GET /upload/{id} serves it back,
 * as an attachment and to the same business only.
 */
/** Room for the multipart envelope around a file of the largest size. */
const ENVELOPE_BYTES = 64 * 1024;

export const UPLOAD_MESSAGES = {
  notMultipart: 'Send the file as multipart/form-data in the field "file"',
  missingFile: 'No file: send it in the multipart field "file"',
  empty: 'The file is empty',
  tooLarge: 'File too large: at most 10 MB',
  unsupported: `Unsupported file type: allowed are ${UPLOAD_FILE_TYPES.map((type) => type.label).join(', ')}`,
  mismatch: (declared: string, actual: string) =>
    `The file's content is ${actual}, not the declared ${declared}`,
} as const;

/** The body of an upload: the file and its envelope (app.ts applies it before any route). */
export const UPLOAD_BODY_LIMIT: BodyLimit = {
  maxBytes: MAX_UPLOAD_BYTES + ENVELOPE_BYTES,
  message: UPLOAD_MESSAGES.tooLarge,
};

const IdSchema = v.pipe(v.string(), v.uuid());

/** The user's name for the file, without folders or control characters. */
export function cleanFilename(name: string): string {
  const base = name.split(/[\\/]/).at(-1) ?? '';
  const printable = [...base].filter((ch) => ch >= ' ' && ch !== '\u007f' && ch !== '"');
  const clean = printable.join('').trim().slice(0, 200);
  return clean || 'upload';
}

function attachmentHeader(filename: string) {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

export function uploadRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();

  app.post('/', async (c) => {
    if (!(c.req.header('content-type') ?? '').toLowerCase().startsWith('multipart/form-data')) {
      throw new HttpError(400, UPLOAD_MESSAGES.notMultipart);
    }
    let form: Record<string, unknown>;
    try {
      form = await c.req.parseBody();
    } catch {
      throw new HttpError(400, UPLOAD_MESSAGES.notMultipart);
    }
    const file = form.file;
    if (!(file instanceof File)) throw new HttpError(400, UPLOAD_MESSAGES.missingFile);
    if (file.size > MAX_UPLOAD_BYTES) throw new HttpError(413, UPLOAD_MESSAGES.tooLarge);
    if (file.size === 0) throw new HttpError(400, UPLOAD_MESSAGES.empty);

    const bytes = new Uint8Array(await file.arrayBuffer());
    const type = sniffFileType(bytes.subarray(0, 16));
    if (!type) throw new HttpError(415, UPLOAD_MESSAGES.unsupported);
    if (!declaredTypeAgrees(file.type, type)) {
      throw new HttpError(415, UPLOAD_MESSAGES.mismatch(file.type, type.contentType));
    }

    const { businessId, userId } = c.get('caller');
    const row = await recordUpload(
      deps.db,
      {
        businessId,
        userId,
        filename: cleanFilename(file.name),
        size: file.size,
        contentType: type.contentType,
      },
      bytes,
    );
    return c.json(
      {
        id: row.id,
        filename: row.filename,
        size: row.size,
        contentType: row.contentType,
        url: `${API_PREFIX}/upload/${row.id}`,
      },
      201,
    );
  });

  app.get('/:id', async (c) => {
    const id = v.safeParse(IdSchema, c.req.param('id'));
    const row = id.success
      ? await findUpload(deps.db, c.get('caller').businessId, id.output)
      : undefined;
    if (!row) throw new HttpError(404, MESSAGES.notFound);
    c.header('Content-Type', row.contentType);
    c.header('Content-Disposition', attachmentHeader(row.filename));
    c.header('Cache-Control', 'private, no-store');
    return c.body(new Uint8Array(row.bytes));
  });
  return app;
}
