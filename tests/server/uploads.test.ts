import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadContents, uploads } from '#server/db/schema.ts';
import { silentLogger } from '#server/logger.ts';
import { moveUploadFilesIn } from '#server/uploads/repository.ts';
import { UPLOAD_MESSAGES } from '#server/uploads/routes.ts';
import { MAX_UPLOAD_BYTES } from '#shared/uploads.ts';
import { createTestServer, type TestServer } from './helpers/test-server.ts';

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 1, 2]);
const PDF = new TextEncoder().encode('%PDF-1.7\n% a tiny document\n');

interface Uploaded {
  id: string;
  filename: string;
  size: number;
  contentType: string;
  url: string;
}

describe('POST /api/v1/upload and GET its url', () => {
  let server: TestServer;
  let token: string;
  let otherToken: string;
  let businessId: string;

  beforeAll(async () => {
    server = await createTestServer();
    const { harbour, hilltop } = await server.twoBusinesses();
    token = harbour.token;
    businessId = harbour.businessId;
    otherToken = hilltop.token;
  });
  afterAll(() => server.close());

  async function upload(
    file: { bytes: Uint8Array<ArrayBuffer>; name: string; type: string } | null,
    as = token,
    field = 'file',
  ) {
    const form = new FormData();
    if (file) form.append(field, new File([file.bytes], file.name, { type: file.type }));
    else form.append('note', 'no file here');
    const response = await server.app.request('/api/v1/upload', {
      method: 'POST',
      headers: { authorization: `Bearer ${as}` },
      body: form,
    });
    return { status: response.status, body: (await response.json()) as unknown };
  }

  const storedCount = async () =>
    (await server.db.select({ id: uploadContents.uploadId }).from(uploadContents)).length;

  async function download(url: string, as = token) {
    return server.app.request(url, { headers: { authorization: `Bearer ${as}` } });
  }

  it('stores a file in the database and serves it back as an attachment', async () => {
    const { status, body } = await upload({
      bytes: PNG,
      name: '../../label "front".png',
      type: 'image/png',
    });
    expect(status).toBe(201);
    const uploaded = body as Uploaded;
    expect(uploaded).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      filename: 'label front.png',
      size: PNG.length,
      contentType: 'image/png',
      url: `/api/v1/upload/${uploaded.id}`,
    });
    const [stored] = await server.db
      .select({ bytes: uploadContents.bytes })
      .from(uploadContents)
      .where(eq(uploadContents.uploadId, uploaded.id));
    expect(new Uint8Array(stored?.bytes ?? [])).toEqual(PNG);

    const response = await download(uploaded.url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="label front.png"; filename*=UTF-8''label%20front.png`,
    );
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(PNG);
  });

  it('serves a file to its own business only', async () => {
    const { body } = await upload({ bytes: PDF, name: 'invoice.pdf', type: 'application/pdf' });
    const { url } = body as Uploaded;
    const other = await download(url, otherToken);
    expect(other.status).toBe(404);
    expect(await other.json()).toEqual({ message: 'Not found' });
    const anonymous = await server.app.request(url);
    expect(anonymous.status).toBe(401);
    expect((await download('/api/v1/upload/not-a-uuid')).status).toBe(404);
  });

  it('accepts a file whose declared type says nothing, by its bytes', async () => {
    const { status, body } = await upload({
      bytes: PDF,
      name: 'scan',
      type: 'application/octet-stream',
    });
    expect(status).toBe(201);
    expect((body as Uploaded).contentType).toBe('application/pdf');
  });

  it('refuses a file whose bytes are not an allowed type, or contradict its declared type', async () => {
    const before = await storedCount();
    const script = new TextEncoder().encode('<script>alert(1)</script>');
    const html = await upload({ bytes: script, name: 'photo.png', type: 'image/png' });
    expect(html).toEqual({ status: 415, body: { message: UPLOAD_MESSAGES.unsupported } });
    const disguised = await upload({ bytes: PDF, name: 'photo.png', type: 'image/png' });
    expect(disguised).toEqual({
      status: 415,
      body: { message: UPLOAD_MESSAGES.mismatch('image/png', 'application/pdf') },
    });
    expect(await storedCount()).toBe(before);
  });

  it('refuses a missing, empty or non-multipart file with 400', async () => {
    expect(await upload(null)).toEqual({
      status: 400,
      body: { message: UPLOAD_MESSAGES.missingFile },
    });
    expect(
      await upload({ bytes: PNG, name: 'a.png', type: 'image/png' }, token, 'attachment'),
    ).toEqual({ status: 400, body: { message: UPLOAD_MESSAGES.missingFile } });
    expect(await upload({ bytes: new Uint8Array(), name: 'a.png', type: 'image/png' })).toEqual({
      status: 400,
      body: { message: UPLOAD_MESSAGES.empty },
    });
    const json = await server.call('POST', '/api/v1/upload', { token, body: { file: 'x' } });
    expect(json.status).toBe(400);
    expect(json.body).toEqual({ message: UPLOAD_MESSAGES.notMultipart });
  });

  it('takes exactly 10 MB and refuses a byte more with 413', async () => {
    const atLimit = new Uint8Array(MAX_UPLOAD_BYTES);
    atLimit.set(PNG);
    const ok = await upload({ bytes: atLimit, name: 'big.png', type: 'image/png' });
    expect(ok.status).toBe(201);
    const over = new Uint8Array(MAX_UPLOAD_BYTES + 1);
    over.set(PNG);
    expect(await upload({ bytes: over, name: 'bigger.png', type: 'image/png' })).toEqual({
      status: 413,
      body: { message: UPLOAD_MESSAGES.tooLarge },
    });
    const huge = new Uint8Array(MAX_UPLOAD_BYTES + 200_000);
    huge.set(PNG);
    expect(await upload({ bytes: huge, name: 'huge.png', type: 'image/png' })).toEqual({
      status: 413,
      body: { message: UPLOAD_MESSAGES.tooLarge },
    });
  });

  it('keeps the 1 MB limit for JSON bodies elsewhere', async () => {
    const response = await server.call('POST', '/api/v1/products', {
      token,
      body: JSON.stringify({ name: 'x', price: 1, description: 'd'.repeat(1024 * 1024) }),
    });
    expect(response.status).toBe(413);
  });

  it('moves the bytes of uploads made before into the database, once, and serves them', async () => {
    const folder = mkdtempSync(path.join(os.tmpdir(), 'vintry-old-uploads-'));
    try {
      const [old, gone] = await server.db
        .insert(uploads)
        .values([
          {
            businessId,
            filename: 'old.pdf',
            storedName: 'old.pdf',
            size: PDF.length,
            contentType: 'application/pdf',
          },
          {
            businessId,
            filename: 'gone.pdf',
            storedName: 'gone.pdf',
            size: 1,
            contentType: 'application/pdf',
          },
        ])
        .returning();
      writeFileSync(path.join(folder, 'old.pdf'), PDF);

      await moveUploadFilesIn(server.db, folder, silentLogger);
      await moveUploadFilesIn(server.db, folder, silentLogger);

      expect(readdirSync(folder)).toEqual([]);
      const response = await download(`/api/v1/upload/${old?.id}`);
      expect(response.status).toBe(200);
      expect(new Uint8Array(await response.arrayBuffer())).toEqual(PDF);
      // Its file was already missing: as before, it cannot be downloaded.
      expect((await download(`/api/v1/upload/${gone?.id}`)).status).toBe(404);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
