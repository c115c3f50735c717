import { File as NodeFile } from 'node:buffer';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { writeCatalogue } from '#data/catalogue-store.ts';
import { resetCatalogueState } from '#data/repositories/catalogue.ts';
import { EXAMPLE_CREATE, EXAMPLE_UPDATE } from '#domains/products/example-payloads.ts';
import { mockServer } from '../../../mocks/server.ts';
import { loadSignedInChunks } from '../../helpers/lazy-chunks.ts';
import {
  DEMO_USER,
  demoProfileHandler,
  renderApp,
  signInAsDemo,
} from '../../helpers/render-app.tsx';

// jsdom's FormData and File are not the ones Node's fetch knows, so it would send the file as the
// text '[object File]'. In a browser the three belong together; here Node's own FormData (reached
// through a Response) and File stand in for the page's, so the upload can be read back.
const nodeFormData = (await new Response(new URLSearchParams()).formData()).constructor;
const windowClasses = { FormData: globalThis.FormData, File: globalThis.File };

// Loaded before the tests: compiling the lazy shell on first import can outlast a wait.
beforeAll(() => loadSignedInChunks(), 30_000);
beforeAll(() => {
  globalThis.FormData = nodeFormData as typeof FormData;
  globalThis.File = NodeFile as unknown as typeof File;
  mockServer.listen({ onUnhandledRequest: 'error' });
});
afterEach(() => mockServer.resetHandlers());
afterAll(() => {
  Object.assign(globalThis, windowClasses);
  mockServer.close();
});
beforeEach(() => resetCatalogueState());

const CREATED = {
  id: 417,
  ...EXAMPLE_CREATE,
  created_at: '2026-11-22T08:00:00.000Z',
  updated_at: '2026-11-22T08:00:00.000Z',
};

/** A call whose answer waits until the test releases it, to see the running label. */
function held() {
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { gate, release: () => release() };
}

/** Counts the catalogue refreshes the page asks for after changing a product. */
/**
 * A device that keeps the catalogue (Inventory was opened here, at version 3): counts the pulls
 * that ask for what changed in it.
 */
async function serveCatalogue() {
  await writeCatalogue([], {
    key: 'catalogue',
    etag: null,
    fetchedAt: Date.now(),
    count: 0,
    version: 3,
  });
  const calls = { count: 0 };
  mockServer.use(
    http.get('*/api/v1/changes', ({ request }) => {
      if (new URL(request.url).searchParams.get('catalogue') === '3') calls.count += 1;
      return HttpResponse.json({
        catalogue: { version: 3, full: false, products: [], deleted: [] },
      });
    }),
  );
  return calls;
}

async function openPage() {
  mockServer.use(demoProfileHandler());
  await signInAsDemo();
  renderApp('/api-examples');
  await screen.findByRole('heading', { name: 'Authenticated API Call Examples', level: 1 });
}

function describeFile(file: FormDataEntryValue | null) {
  return file instanceof NodeFile ? { name: file.name, type: file.type, size: file.size } : file;
}

const shownJson = () => JSON.parse(screen.getByTestId('api-response').textContent ?? '');

describe('API Examples page', () => {
  it('shows the calls, an empty response and how the calls are made', async () => {
    await openPage();
    for (const label of [
      'GET User Profile',
      'POST Create Product',
      'PUT Update Product',
      'DELETE Product',
      'POST File Upload',
    ]) {
      expect(screen.getByRole('button', { name: label })).toBeTruthy();
    }
    expect(screen.getByText('Run a call above: its response appears here.')).toBeTruthy();
    expect(screen.getByTestId('api-target').textContent).toMatch(/^No product created yet/);
    const how = screen.getByRole('region', { name: 'How these calls are made' });
    expect(within(how).getByText('Authorization: Bearer <token>')).toBeTruthy();
    expect(within(how).getByText(/answers 401, the token is refreshed/)).toBeTruthy();
    expect(within(how).getByText(/the session is cleaned up/)).toBeTruthy();
  });

  it('GET User Profile sends the Bearer token, shows Loading... and then the JSON', async () => {
    await openPage();
    const { gate, release } = held();
    let authorization: string | null = null;
    mockServer.use(
      http.get('*/api/v1/user/profile', async ({ request }) => {
        authorization = request.headers.get('Authorization');
        await gate;
        return HttpResponse.json(DEMO_USER);
      }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'GET User Profile' }));
    expect(await screen.findByRole('button', { name: 'Loading...' })).toBeTruthy();
    // One call at a time, so the response shown is the one asked for.
    expect(screen.getByRole('button', { name: 'POST Create Product' })).toHaveProperty(
      'disabled',
      true,
    );
    release();
    await screen.findByRole('button', { name: 'GET User Profile' });
    expect(authorization).toBe('Bearer access-1');
    expect(shownJson()).toEqual(DEMO_USER);
    expect(screen.getByRole('heading', { name: /Response · GET User Profile · 200/ })).toBeTruthy();
  });

  it('PUT and DELETE say there is no product and make no call before one is created', async () => {
    await openPage();
    await userEvent.click(screen.getByRole('button', { name: 'PUT Update Product' }));
    expect(shownJson()).toEqual({ error: 'No product created yet: use POST Create Product first' });
    await userEvent.click(screen.getByRole('button', { name: 'DELETE Product' }));
    expect(shownJson()).toEqual({ error: 'No product created yet: use POST Create Product first' });
  });

  it('creates a product, updates and deletes that one, and refreshes the catalogue each time', async () => {
    await openPage();
    const catalogue = await serveCatalogue();
    const sent: { method: string; url: string; body: unknown }[] = [];
    const { gate, release } = held();
    mockServer.use(
      http.post('*/api/v1/products', async ({ request }) => {
        sent.push({ method: 'POST', url: request.url, body: await request.json() });
        await gate;
        return HttpResponse.json(CREATED, { status: 201 });
      }),
      http.put('*/api/v1/products/:id', async ({ request }) => {
        sent.push({ method: 'PUT', url: request.url, body: await request.json() });
        return HttpResponse.json({ ...CREATED, ...EXAMPLE_UPDATE });
      }),
      http.delete('*/api/v1/products/:id', ({ request }) => {
        sent.push({ method: 'DELETE', url: request.url, body: null });
        return new HttpResponse(null, { status: 204 });
      }),
    );

    await userEvent.click(screen.getByRole('button', { name: 'POST Create Product' }));
    expect(await screen.findByRole('button', { name: 'Creating...' })).toBeTruthy();
    release();
    await waitFor(() => expect(shownJson()).toEqual(CREATED));
    expect(screen.getByTestId('api-target').textContent).toBe(
      'PUT and DELETE act on product 417, created here with POST Create Product.',
    );
    expect(screen.getByText('PUT /api/v1/products/417')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'PUT Update Product' }));
    await waitFor(() => expect(shownJson()).toEqual({ ...CREATED, ...EXAMPLE_UPDATE }));

    await userEvent.click(screen.getByRole('button', { name: 'DELETE Product' }));
    await waitFor(() =>
      expect(screen.getByTestId('api-response').textContent).toBe('Product deleted successfully'),
    );
    expect(screen.getByTestId('api-target').textContent).toMatch(/^No product created yet/);

    expect(sent.map(({ method, url, body }) => [method, new URL(url).pathname, body])).toEqual([
      ['POST', '/api/v1/products', EXAMPLE_CREATE],
      ['PUT', '/api/v1/products/417', EXAMPLE_UPDATE],
      ['DELETE', '/api/v1/products/417', null],
    ]);
    // Each write brings this device's catalogue up to date.
    await waitFor(() => expect(catalogue.count).toBeGreaterThanOrEqual(3));
  });

  it('keeps the created product for PUT and DELETE after leaving the page and coming back', async () => {
    await openPage();
    await serveCatalogue();
    mockServer.use(
      http.post('*/api/v1/products', () => HttpResponse.json(CREATED, { status: 201 })),
    );
    await userEvent.click(screen.getByRole('button', { name: 'POST Create Product' }));
    await waitFor(() =>
      expect(screen.getByTestId('api-target').textContent).toMatch(/product 417/),
    );

    const again = renderApp('/api-examples');
    const targets = await within(again.container).findAllByTestId('api-target');
    expect(targets[0]?.textContent).toMatch(/product 417/);
  });

  it('shows {error: message} with the spec message and the server reason when a call is refused', async () => {
    await openPage();
    mockServer.use(
      http.post('*/api/v1/products', () =>
        HttpResponse.json(
          { message: 'Product name is required' },
          { status: 400, statusText: 'Bad Request' },
        ),
      ),
    );
    await userEvent.click(screen.getByRole('button', { name: 'POST Create Product' }));
    await waitFor(() => expect(shownJson()).toEqual({ error: 'API call failed: 400 Bad Request' }));
    expect(screen.getByText('The server said: Product name is required')).toBeTruthy();
    expect(screen.getByTestId('api-target').textContent).toMatch(/^No product created yet/);
  });

  it('forgets a product the server no longer has', async () => {
    await openPage();
    await serveCatalogue();
    mockServer.use(
      http.post('*/api/v1/products', () => HttpResponse.json(CREATED, { status: 201 })),
      http.put('*/api/v1/products/:id', () =>
        HttpResponse.json({ message: 'Not found' }, { status: 404, statusText: 'Not Found' }),
      ),
    );
    await userEvent.click(screen.getByRole('button', { name: 'POST Create Product' }));
    await waitFor(() =>
      expect(screen.getByTestId('api-target').textContent).toMatch(/product 417/),
    );
    await userEvent.click(screen.getByRole('button', { name: 'PUT Update Product' }));
    await waitFor(() => expect(shownJson()).toEqual({ error: 'API call failed: 404 Not Found' }));
    expect(screen.getByTestId('api-target').textContent).toMatch(/^No product created yet/);
  });

  it('says the server could not be reached when no answer comes', async () => {
    await openPage();
    mockServer.use(http.get('*/api/v1/user/profile', () => HttpResponse.error()));
    await userEvent.click(screen.getByRole('button', { name: 'GET User Profile' }));
    await waitFor(() =>
      expect(shownJson()).toEqual({ error: 'Network error: the server could not be reached' }),
    );
  });

  it('uploads the chosen file in the multipart field "file"', async () => {
    await openPage();
    const received: unknown[] = [];
    const { gate, release } = held();
    mockServer.use(
      http.post('*/api/v1/upload', async ({ request }) => {
        expect(request.headers.get('Content-Type')).toMatch(/^multipart\/form-data; boundary=/);
        const file = (await request.formData()).get('file');
        received.push(describeFile(file));
        await gate;
        return HttpResponse.json({ id: 'u-1', filename: 'label.pdf', size: 9 }, { status: 201 });
      }),
    );
    const input = screen.getByLabelText(
      /^File to upload \(PNG, JPEG, GIF, WebP or PDF, at most 10 MB\)/,
    );
    await userEvent.upload(
      input,
      new File(['%PDF-1.4\n'], 'label.pdf', { type: 'application/pdf' }),
    );
    expect(screen.getByText('POST File Upload sends label.pdf.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'POST File Upload' }));
    expect(await screen.findByRole('button', { name: 'Uploading...' })).toBeTruthy();
    release();
    await waitFor(() => expect(shownJson()).toEqual({ id: 'u-1', filename: 'label.pdf', size: 9 }));
    expect(received).toEqual([{ name: 'label.pdf', type: 'application/pdf', size: 9 }]);
  });

  it("uploads the app's icon when no file was chosen", async () => {
    await openPage();
    const icon = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
    const received: unknown[] = [];
    mockServer.use(
      http.get('*/icons/icon-192.png', () => HttpResponse.arrayBuffer(icon.buffer)),
      http.post('*/api/v1/upload', async ({ request }) => {
        const file = (await request.formData()).get('file');
        received.push(describeFile(file));
        return HttpResponse.json({ id: 'u-2' }, { status: 201 });
      }),
    );
    expect(
      screen.getByText(/With no file chosen, POST File Upload sends the app's icon/),
    ).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'POST File Upload' }));
    await waitFor(() => expect(shownJson()).toEqual({ id: 'u-2' }));
    expect(received).toEqual([
      { name: 'vintry-icon.png', type: 'image/png', size: icon.byteLength },
    ]);
  });
});
