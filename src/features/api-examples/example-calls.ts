import * as v from 'valibot';
import { ApiError, apiFetch, readBody } from '#data/api-client.ts';
import { pullFeeds } from '#data/sync/feeds.ts';
import {
  EXAMPLE_CREATE,
  EXAMPLE_UPDATE,
  ExampleProductSchema,
} from '#domains/products/example-payloads.ts';

/**
 * The five calls of the API Examples page (spec sections 2 and 7). Each goes through apiFetch,
 * so it carries the Bearer token and renews it on a 401 like every other call of the app.
 */
export type ExampleId = 'profile' | 'create' | 'update' | 'delete' | 'upload';

export interface ExampleCall {
  id: ExampleId;
  label: string;
  runningLabel: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
}

export const EXAMPLE_CALLS: readonly ExampleCall[] = [
  {
    id: 'profile',
    label: 'GET User Profile',
    runningLabel: 'Loading...',
    method: 'GET',
    path: '/user/profile',
  },
  {
    id: 'create',
    label: 'POST Create Product',
    runningLabel: 'Creating...',
    method: 'POST',
    path: '/products',
  },
  {
    id: 'update',
    label: 'PUT Update Product',
    runningLabel: 'Updating...',
    method: 'PUT',
    path: '/products/{id}',
  },
  {
    id: 'delete',
    label: 'DELETE Product',
    runningLabel: 'Deleting...',
    method: 'DELETE',
    path: '/products/{id}',
  },
  {
    id: 'upload',
    label: 'POST File Upload',
    runningLabel: 'Uploading...',
    method: 'POST',
    path: '/upload',
  },
];

export const EXAMPLE_MESSAGES = {
  deleted: 'Product deleted successfully',
  noProduct: 'No product created yet: use POST Create Product first',
  unreachable: 'Network error: the server could not be reached',
} as const;

/** The sample sent by POST File Upload when no file was chosen: the app's own icon. */
export const SAMPLE_UPLOAD = { url: '/icons/icon-192.png', name: 'vintry-icon.png' } as const;

export interface ExampleOutcome {
  /** The HTTP status, or null when no answer came (or no call was made). */
  status: number | null;
  /** What the page shows: the JSON answer, the delete message, or {error: message}. */
  shown: unknown;
  /** The server's own {message} for a refused call, which the spec's error message leaves out. */
  serverMessage?: string;
  /** The product PUT and DELETE now act on, when this call changed it. */
  productId?: number | null;
}

function failure(error: unknown): ExampleOutcome {
  if (error instanceof ApiError) {
    return {
      status: error.status,
      shown: { error: error.message },
      serverMessage: error.serverMessage,
    };
  }
  // fetch rejects with a TypeError when no answer came at all (offline, server down).
  if (error instanceof TypeError)
    return { status: null, shown: { error: EXAMPLE_MESSAGES.unreachable } };
  return { status: null, shown: { error: error instanceof Error ? error.message : String(error) } };
}

async function sampleFile(): Promise<File> {
  const response = await fetch(SAMPLE_UPLOAD.url);
  if (!response.ok) throw new Error(`Could not read the sample file ${SAMPLE_UPLOAD.url}`);
  return new File([await response.blob()], SAMPLE_UPLOAD.name, { type: 'image/png' });
}

/** The products changed on the server: bring this device's stores up to date for Inventory. */
function catalogueChanged() {
  pullFeeds().catch(() => {
    // Inventory refreshes by itself when it next opens; nothing here depends on this one.
  });
}

async function send(call: ExampleCall, productId: number | null, file: File | null) {
  const path = call.path.replace('{id}', String(productId));
  switch (call.id) {
    case 'profile':
      return apiFetch(path);
    case 'create':
      return apiFetch(path, { method: 'POST', body: JSON.stringify(EXAMPLE_CREATE) });
    case 'update':
      return apiFetch(path, { method: 'PUT', body: JSON.stringify(EXAMPLE_UPDATE) });
    case 'delete':
      return apiFetch(path, { method: 'DELETE' });
    case 'upload': {
      const form = new FormData();
      form.append('file', file ?? (await sampleFile()));
      return apiFetch(path, { method: 'POST', body: form });
    }
  }
}

/**
 * Runs one call. PUT and DELETE act on `productId`, the product this page created; without one
 * they make no call and say so. Never throws: a failure is shown as {error: message}.
 */
export async function runExample(
  call: ExampleCall,
  { productId, file }: { productId: number | null; file: File | null },
): Promise<ExampleOutcome> {
  const needsProduct = call.id === 'update' || call.id === 'delete';
  if (needsProduct && productId === null) {
    return { status: null, shown: { error: EXAMPLE_MESSAGES.noProduct } };
  }
  try {
    const response = await send(call, productId, file);
    const body = await readBody(response);
    if (call.id === 'create') {
      catalogueChanged();
      const created = v.safeParse(ExampleProductSchema, body);
      return {
        status: response.status,
        shown: body,
        productId: created.success ? created.output.id : null,
      };
    }
    if (call.id === 'update') catalogueChanged();
    if (call.id === 'delete') {
      catalogueChanged();
      const shown = response.status === 204 ? EXAMPLE_MESSAGES.deleted : body;
      return { status: response.status, shown, productId: null };
    }
    return { status: response.status, shown: body };
  } catch (error) {
    const outcome = failure(error);
    // The product is gone (deleted elsewhere, or another business's): stop pointing at it.
    return needsProduct && outcome.status === 404 ? { ...outcome, productId: null } : outcome;
  }
}
