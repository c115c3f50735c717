import { eq } from 'drizzle-orm';
import type { SealedApproval } from '#domains/sales/approval.ts';
import { sales } from '#server/db/schema.ts';
import type { Product } from './products.ts';
import { sealedPin } from './sales.ts';
import type { TestServer } from './test-server.ts';

/**
 * A valid request for every write route of the API, with the records they name made first: the
 * hostile-input test replaces each of its values, the change-log test sends each as it is.
 * A route added without a sample fails both (they check that every write route has one).
 */
export interface Sample {
  route: string;
  /** The path with its parameters filled in. */
  path: () => string;
  body?: () => unknown;
  /** Places where the route accepts any value by design (spec: an unknown visibility is hidden). */
  anyValueAt?: string[];
  /** Prices, whose column holds up to 9,999,999,999.99: 2^31 is a (silly) price, not an overflow. */
  moneyAt?: string[];
  /** Whether the sample itself is accepted again after the run (false for one-time tokens). */
  acceptedAfter?: boolean;
}

export const fixture = {
  product: 0,
  /** Another product, for the API Examples page's calls: they carry no version. */
  example: 0,
  productVersion: 0,
  field: 0,
  invitation: '',
  person: '',
  stocktake: '',
  supplier: '',
  customer: '',
  /** A customer to erase (the other one's orders and edits stay samples). */
  erasable: '',
  /** Two customers to merge, the second into the first. */
  mergeKept: '',
  mergeFrom: '',
  /** A calendar event to change and to say who is coming. */
  event: '',
  /** A customer order to change, and one to set ready. */
  customerOrder: '',
  customerOrderToSet: '',
  /** Purchase orders: a draft to change, one to send and one to cancel. */
  order: '',
  orderToSend: '',
  orderToCancel: '',
  /** A delivery to count and invoice, and one to post. */
  delivery: '',
  deliveryToPost: '',
  /** An import job, for the rows sample. */
  importJob: '',
  /** A sale of many units, for the return samples to return one at a time. */
  sale: '',
  /** An open shift, for the close sample. */
  shift: '',
  /** The owner's PIN (the PIN sample's), sealed for one sale, for the approval check sample. */
  approval: { sale_id: '', approval: {} as SealedApproval },
};
export const uuid = () => crypto.randomUUID();
/** Receipt numbers the sale samples have used: each sample is a new sale. */
let receipts = 0;
/** Rows the import sample has applied: each sample is a row of its own. */
let importedRows = 0;
export const now = () => new Date().toISOString();

export const methodOf = (route: string) => route.split(' ')[0] as string;

/** A write as the outbox sends it: with its own Idempotency-Key. */
export const sendWrite = (
  server: TestServer,
  token: string,
  method: string,
  path: string,
  body: unknown,
) =>
  server.call(method, path, {
    token,
    headers: { 'Idempotency-Key': uuid() },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

export const SAMPLES: Sample[] = [
  {
    route: 'POST /api/v1/auth/login',
    path: () => '/api/v1/auth/login',
    body: () => ({ email: 'owner@hostile.test', password: 'Hostile2026' }),
  },
  {
    route: 'POST /api/v1/auth/refresh',
    path: () => '/api/v1/auth/refresh',
    body: () => ({ refreshToken: 'not-a-token-of-anyone' }),
    acceptedAfter: false,
  },
  {
    route: 'POST /api/v1/auth/forgot-password',
    path: () => '/api/v1/auth/forgot-password',
    body: () => ({ email: 'owner@hostile.test' }),
  },
  {
    route: 'POST /api/v1/auth/reset-password',
    path: () => '/api/v1/auth/reset-password',
    body: () => ({ token: 'not-a-token-of-anyone', password: 'Renewed2027x' }),
    acceptedAfter: false,
  },
  {
    route: 'POST /api/v1/auth/logout',
    path: () => '/api/v1/auth/logout',
    body: () => ({ refreshToken: 'not-a-token-of-anyone' }),
  },
  {
    route: 'POST /api/v1/auth/invitation',
    path: () => '/api/v1/auth/invitation',
    body: () => ({ token: 'not-a-token-of-anyone' }),
    acceptedAfter: false,
  },
  {
    route: 'POST /api/v1/auth/accept-invite',
    path: () => '/api/v1/auth/accept-invite',
    body: () => ({ token: 'not-a-token-of-anyone', password: 'Welcome2026x' }),
    acceptedAfter: false,
  },
  {
    route: 'PUT /api/v1/business/profile',
    path: () => '/api/v1/business/profile',
    body: () => ({
      name: 'Hostile Cellar',
      tax_number: '51 824 753 556',
      address: '1 Cellar Lane',
      phone: '+61 2 9999 0000',
      default_tax_category: 'gst10',
    }),
  },
  {
    route: 'POST /api/v1/team/invitations',
    path: () => '/api/v1/team/invitations',
    body: () => ({ name: 'Ivy', email: 'ivy@hostile.test', role: 'staff' }),
  },
  {
    route: 'POST /api/v1/team/invitations/:id/resend',
    path: () => `/api/v1/team/invitations/${fixture.invitation}/resend`,
    body: () => ({}),
  },
  {
    route: 'DELETE /api/v1/team/invitations/:id',
    path: () => `/api/v1/team/invitations/${fixture.invitation}`,
    acceptedAfter: false,
  },
  {
    route: 'PATCH /api/v1/team/people/:id',
    path: () => `/api/v1/team/people/${fixture.person}`,
    body: () => ({ role: 'manager', disabled: false }),
  },
  {
    route: 'PUT /api/v1/preferences/columns/:table',
    path: () => '/api/v1/preferences/columns/products',
    body: () => ({
      preferences: [
        { column_key: 'product', is_visible: true, display_order: 0 },
        { column_key: 'region_code', is_visible: false, display_order: 1 },
      ],
    }),
    anyValueAt: ['preferences.0.is_visible', 'preferences.1.is_visible'],
  },
  {
    route: 'PUT /api/v1/preferences/inventory-settings',
    path: () => '/api/v1/preferences/inventory-settings',
    body: () => ({
      display: { itemsPerPage: 50, defaultSort: 'productNameAZ', showProductImages: false },
      stockManagement: { lowStockThreshold: 10, stockAdjustmentReasons: ['Damaged', 'Other'] },
      productDefaults: { defaultMarkup: 50, defaultSupplier: 'Vinimport', skuPrefix: 'VIN' },
      notifications: { lowStockRecipients: ['owner@hostile.test'] },
      importExport: { columnMappingTemplates: [{ name: 'Old till', mapping: { RRP: 'list' } }] },
    }),
  },
  {
    route: 'POST /api/v1/custom-fields/definitions',
    path: () => '/api/v1/custom-fields/definitions',
    body: () => ({
      entity_type: 'product',
      field_key: 'bin_code',
      field_name: 'Bin code',
      field_type: 'text',
      is_required: false,
      description: 'Where the bottle sits',
      validation: { min_length: 2, max_length: 8, pattern: '^[A-Z0-9-]+$' },
    }),
  },
  {
    route: 'PUT /api/v1/custom-fields/definitions/:id',
    path: () => `/api/v1/custom-fields/definitions/${fixture.field}`,
    body: () => ({
      entity_type: 'product',
      field_key: 'bottle_size',
      field_name: 'Bottle size',
      field_type: 'select',
      is_required: false,
      validation: { options: ['375ml', '750ml', '1.5L'] },
    }),
  },
  {
    route: 'DELETE /api/v1/custom-fields/definitions/:id',
    path: () => `/api/v1/custom-fields/definitions/${fixture.field}`,
    acceptedAfter: false,
  },
  {
    route: 'POST /api/v1/products',
    path: () => '/api/v1/products',
    body: () => ({ name: 'Harbour Shiraz', price: 29.99, description: 'House red' }),
  },
  {
    route: 'PUT /api/v1/products/:id',
    path: () => `/api/v1/products/${fixture.example}`,
    body: () => ({ name: 'Harbour Shiraz', price: 31.5 }),
  },
  {
    route: 'DELETE /api/v1/products/:id',
    path: () => `/api/v1/products/${fixture.example}`,
    acceptedAfter: false,
  },
  {
    route: 'POST /api/v1/catalogue/products',
    path: () => '/api/v1/catalogue/products',
    body: () => ({
      fields: {
        name: 'Grange 2019',
        producer: 'Penfolds',
        luc: 500,
        list_price: '990',
        barcode: '4006381333931',
        bottle_size: '750ml',
      },
    }),
    moneyAt: ['fields.luc'],
  },
  {
    route: 'PATCH /api/v1/catalogue/products/:id',
    path: () => `/api/v1/catalogue/products/${fixture.product}`,
    body: () => ({
      base_version: fixture.productVersion,
      changes: { producer: 'Penfolds', list_price: 995, bottle_size: '1.5L' },
    }),
    moneyAt: ['changes.list_price'],
  },
  {
    route: 'POST /api/v1/catalogue/products/:id/duplicate',
    path: () => `/api/v1/catalogue/products/${fixture.product}/duplicate`,
    body: () => ({ changes: { name: 'Grange 2019 (Copy)' } }),
  },
  {
    route: 'DELETE /api/v1/catalogue/products/:id',
    path: () => `/api/v1/catalogue/products/${fixture.product}`,
    acceptedAfter: false,
  },
  {
    route: 'POST /api/v1/upload',
    path: () => '/api/v1/upload',
    acceptedAfter: false,
  },
  {
    route: 'POST /api/v1/stock/products/:id/movements',
    path: () => `/api/v1/stock/products/${fixture.product}/movements`,
    body: () => ({ id: uuid(), delta: 6, reason: 'Damaged', note: 'Dropped', made_at: now() }),
  },
  {
    route: 'POST /api/v1/sales',
    path: () => '/api/v1/sales',
    body: () => {
      receipts += 1;
      return {
        id: uuid(),
        receipt: `T1-${String(receipts).padStart(6, '0')}`,
        made_at: now(),
        lines: [
          {
            product_id: fixture.product,
            quantity: 1,
            unit_cents: 1_000,
            luc_cents: 600,
            taxable: true,
          },
        ],
        tenders: [{ kind: 'card', cents: 1_000 }],
        total_cents: 1_000,
        gst_cents: 91,
      };
    },
  },
  {
    route: 'POST /api/v1/sales/returns',
    path: () => '/api/v1/sales/returns',
    body: () => {
      receipts += 1;
      return {
        id: uuid(),
        sale_id: fixture.sale,
        receipt: `T9-${String(100_000 + receipts).padStart(6, '0')}`,
        made_at: now(),
        lines: [{ line_no: 1, quantity: 1, resaleable: true }],
        tender: { kind: 'card', cents: 100 },
        total_cents: 100,
        gst_cents: 9,
      };
    },
  },
  {
    route: 'POST /api/v1/sales/:id/email',
    path: () => `/api/v1/sales/${fixture.sale}/email`,
    body: () => ({ email: 'customer@hostile.test' }),
  },
  {
    route: 'POST /api/v1/sales/:id/approval-review',
    path: () => `/api/v1/sales/${fixture.sale}/approval-review`,
    body: () => ({}),
  },
  {
    route: 'POST /api/v1/sales/shifts',
    path: () => '/api/v1/sales/shifts',
    body: () => ({ id: uuid(), till: 'T9', opened_at: now(), float_cents: 20_000 }),
  },
  {
    route: 'POST /api/v1/sales/shifts/:id/close',
    path: () => `/api/v1/sales/shifts/${fixture.shift}/close`,
    body: () => ({
      closed_at: now(),
      counted_cents: 45_000,
      ledger: {
        sales: 3,
        salesCents: 30_000,
        returns: 0,
        refundsCents: 0,
        gstCents: 2_727,
        discountsCents: 0,
        cashTakenCents: 25_000,
        cashRefundedCents: 0,
        tenders: [{ label: 'Card', takenCents: 5_000, refundedCents: 0 }],
      },
    }),
    // A shift closes once: the close sent again later with other values is refused.
    acceptedAfter: false,
  },
  {
    route: 'PATCH /api/v1/sales/settings',
    path: () => '/api/v1/sales/settings',
    body: () => ({
      changes: {
        otherTenders: ['Voucher', 'Gift card'],
        discountLimitPercent: 12.5,
        receiptFooter: 'See you soon',
      },
    }),
  },
  {
    route: 'PUT /api/v1/sales/approval-pin',
    path: () => '/api/v1/sales/approval-pin',
    body: () => ({ pin: '4321' }),
  },
  {
    route: 'POST /api/v1/sales/approvals',
    path: () => '/api/v1/sales/approvals',
    body: () => fixture.approval,
  },
  {
    route: 'POST /api/v1/sales/tills',
    path: () => '/api/v1/sales/tills',
    body: () => ({ device_id: 'tablet-of-the-samples' }),
  },
  {
    route: 'POST /api/v1/stocktakes',
    path: () => '/api/v1/stocktakes',
    body: () => ({
      id: uuid(),
      name: 'Shelf A',
      scope: 'partial',
      category: 'Red Wine',
      search: 'Shiraz',
      scan_mode: 'scan',
      started_at: now(),
    }),
  },
  {
    route: 'PUT /api/v1/stocktakes/:id/lines',
    path: () => `/api/v1/stocktakes/${fixture.stocktake}/lines`,
    body: () => ({
      device_id: 'tablet-1',
      lines: [{ product_id: fixture.product, quantity: 4, counted_at: now() }],
    }),
  },
  {
    route: 'POST /api/v1/stocktakes/:id/close',
    path: () => `/api/v1/stocktakes/${fixture.stocktake}/close`,
    body: () => ({ uncounted: 'leave' }),
    acceptedAfter: false,
  },
  {
    route: 'POST /api/v1/stocktakes/:id/cancel',
    path: () => `/api/v1/stocktakes/${fixture.stocktake}/cancel`,
    body: () => ({}),
    acceptedAfter: false,
  },
  {
    route: 'POST /api/v1/suppliers',
    path: () => '/api/v1/suppliers',
    body: () => ({
      id: uuid(),
      name: 'Harbour Distributors',
      contact: 'Jo Rep',
      email: 'orders@harbour.test',
      phone: '02 9999 1234',
      account_number: 'HW-1042',
      lead_days: 7,
      minimum_order_cents: 50_000,
      notes: 'Deliveries on Tuesdays',
    }),
  },
  {
    route: 'PATCH /api/v1/suppliers/:id',
    path: () => `/api/v1/suppliers/${fixture.supplier}`,
    body: () => ({ base_version: 1, changes: { lead_days: 10, notes: 'Tuesdays and Fridays' } }),
  },
  {
    route: 'POST /api/v1/customers',
    path: () => '/api/v1/customers',
    body: () => ({
      id: uuid(),
      name: 'Margaret Chen',
      email: 'margaret@example.test',
      phone: '+61 412 345 678',
      address: '12 Harbour St, Sydney NSW 2000',
      notes: 'Likes Barossa Shiraz',
      tags: ['Wine club'],
      marketing_consent: '2026-11-01',
      birthday: '1971-07-14',
    }),
  },
  {
    route: 'PATCH /api/v1/customers/:id',
    path: () => `/api/v1/customers/${fixture.customer}`,
    body: () => ({ base_version: 1, changes: { phone: '0412 345 679', tags: ['Trade'] } }),
  },
  {
    route: 'POST /api/v1/customers/:id/erase',
    path: () => `/api/v1/customers/${fixture.erasable}/erase`,
    body: () => ({}),
  },
  {
    route: 'POST /api/v1/customers/:id/merge',
    path: () => `/api/v1/customers/${fixture.mergeKept}/merge`,
    body: () => ({ from: fixture.mergeFrom }),
  },
  {
    route: 'PUT /api/v1/customers/:id/account',
    path: () => `/api/v1/customers/${fixture.customer}/account`,
    body: () => ({ limit_cents: 50_000 }),
  },
  {
    route: 'POST /api/v1/customers/:id/payments',
    path: () => `/api/v1/customers/${fixture.customer}/payments`,
    body: () => ({
      id: uuid(),
      cents: 12_050,
      tender: { kind: 'card' },
      made_at: new Date().toISOString(),
    }),
  },
  {
    route: 'PUT /api/v1/alerts/dismissals/:key',
    path: () => `/api/v1/alerts/dismissals/${encodeURIComponent(`low-stock:${fixture.product}`)}`,
    body: () => ({ until: null }),
  },
  {
    route: 'DELETE /api/v1/alerts/dismissals/:key',
    path: () => `/api/v1/alerts/dismissals/${encodeURIComponent(`low-stock:${fixture.product}`)}`,
    body: () => undefined,
  },
  {
    route: 'POST /api/v1/events',
    path: () => '/api/v1/events',
    body: () => ({
      id: uuid(),
      title: 'Barossa Shiraz tasting',
      day: '2026-12-10',
      starts_at: '18:30',
      capacity: 20,
    }),
  },
  {
    route: 'PATCH /api/v1/events/:id',
    path: () => `/api/v1/events/${fixture.event}`,
    body: () => ({ base_version: 1, changes: { starts_at: '19:00' } }),
  },
  {
    route: 'DELETE /api/v1/events/:id',
    path: () => `/api/v1/events/${uuid()}`,
    body: () => undefined,
  },
  {
    route: 'POST /api/v1/events/:id/attendees',
    path: () => `/api/v1/events/${fixture.event}/attendees`,
    body: () => ({ customer_id: fixture.customer }),
  },
  {
    route: 'DELETE /api/v1/events/:id/attendees/:customerId',
    path: () => `/api/v1/events/${fixture.event}/attendees/${fixture.customer}`,
    body: () => undefined,
  },
  {
    route: 'POST /api/v1/orders',
    path: () => '/api/v1/orders',
    body: () => ({
      id: uuid(),
      customer_id: fixture.customer,
      kind: 'delivery',
      due_on: '2026-12-24',
      window_from: '09:00',
      window_to: '11:30',
      address: '12 Harbour St, Sydney NSW 2000',
      notes: 'Ring the bell',
      lines: [{ product_id: fixture.product, quantity: 6 }],
    }),
  },
  {
    route: 'PATCH /api/v1/orders/:id',
    path: () => `/api/v1/orders/${fixture.customerOrder}`,
    body: () => ({
      base_version: 1,
      changes: { notes: 'Side door' },
      lines: [{ product_id: fixture.product, quantity: 3 }],
    }),
  },
  {
    route: 'POST /api/v1/orders/:id/status',
    path: () => `/api/v1/orders/${fixture.customerOrderToSet}/status`,
    body: () => ({ status: 'ready' }),
  },
  {
    route: 'POST /api/v1/purchasing/orders',
    path: () => '/api/v1/purchasing/orders',
    body: () => ({
      id: uuid(),
      supplier_id: fixture.supplier,
      lines: [{ product_id: fixture.product, units: 12, unit_cost_cents: 1_450 }],
      expected_on: '2026-12-01',
      notes: 'Leave at the back door',
    }),
  },
  {
    route: 'PATCH /api/v1/purchasing/orders/:id',
    path: () => `/api/v1/purchasing/orders/${fixture.order}`,
    body: () => ({
      lines: [{ product_id: fixture.product, units: 24, unit_cost_cents: 1_400 }],
      notes: 'Two cases',
    }),
  },
  {
    route: 'POST /api/v1/purchasing/orders/:id/send',
    path: () => `/api/v1/purchasing/orders/${fixture.orderToSend}/send`,
    body: () => ({ via: 'marked' }),
  },
  {
    route: 'POST /api/v1/purchasing/orders/:id/cancel',
    path: () => `/api/v1/purchasing/orders/${fixture.orderToCancel}/cancel`,
    body: () => ({}),
  },
  {
    route: 'POST /api/v1/purchasing/deliveries',
    path: () => '/api/v1/purchasing/deliveries',
    body: () => ({ id: uuid(), supplier_id: fixture.supplier, order_id: null, started_at: now() }),
  },
  {
    route: 'PUT /api/v1/purchasing/deliveries/:id/counts',
    path: () => `/api/v1/purchasing/deliveries/${fixture.delivery}/counts`,
    body: () => ({
      device_id: 'tablet-1',
      lines: [{ product_id: fixture.product, received: 11, damaged: 1, counted_at: now() }],
    }),
  },
  {
    route: 'PUT /api/v1/purchasing/deliveries/:id/invoice',
    path: () => `/api/v1/purchasing/deliveries/${fixture.delivery}/invoice`,
    body: () => ({
      invoice_number: 'INV-2041',
      invoice_date: '2026-11-28',
      total_cents: 19_800,
      freight_cents: 1_500,
      costs: [{ product_id: fixture.product, line_cents: 16_500 }],
    }),
  },
  {
    route: 'POST /api/v1/purchasing/deliveries/:id/post',
    path: () => `/api/v1/purchasing/deliveries/${fixture.deliveryToPost}/post`,
    body: () => ({ accept_mismatch: true }),
  },
  {
    route: 'POST /api/v1/imports',
    path: () => '/api/v1/imports',
    body: () => ({
      id: uuid(),
      file_name: 'wines.csv',
      match_by: 'sku',
      set_stock: false,
      row_count: 1,
    }),
  },
  {
    route: 'POST /api/v1/imports/:id/rows',
    path: () => `/api/v1/imports/${fixture.importJob}/rows`,
    body: () => ({
      rows: [{ row: 2 + importedRows++, action: 'create', changes: { name: 'Imported Shiraz' } }],
    }),
    // A row's values are judged row by row, as the product form judges them: a refused row is
    // answered 'refused' with the form's message in the batch's 200, and the others applied.
    anyValueAt: ['rows.0.changes.name'],
  },
  {
    route: 'POST /api/v1/batch',
    path: () => '/api/v1/batch',
    body: () => ({
      writes: [
        {
          method: 'PATCH',
          path: `/catalogue/products/${fixture.product}`,
          idempotency_key: uuid(),
          body: { base_version: fixture.productVersion, changes: { region: 'Barossa' } },
        },
      ],
    }),
    // A write's body is the write's own: it is judged by its route, inside the batch's answer.
    anyValueAt: [
      'writes.0.body.base_version',
      'writes.0.body.changes',
      'writes.0.body.changes.region',
    ],
  },
];

/**
 * Makes the owner (and a staff member) of Hostile Cellar, and the records the samples name;
 * answers the owner's access token.
 */
export async function setUpWriteSamples(server: TestServer): Promise<string> {
  await server.createUser({
    email: 'owner@hostile.test',
    password: 'Hostile2026',
    businessName: 'Hostile Cellar',
  });
  await server.createUser({
    email: 'sam@hostile.test',
    password: 'Hostile2026',
    businessName: 'Hostile Cellar',
    role: 'staff',
  });
  const token = (await server.login('owner@hostile.test', 'Hostile2026')).accessToken;
  const field = await server.call('POST', '/api/v1/custom-fields/definitions', {
    token,
    body: {
      entity_type: 'product',
      field_key: 'bottle_size',
      field_name: 'Bottle size',
      field_type: 'select',
      validation: { options: ['375ml', '750ml', '1.5L'] },
    },
  });
  fixture.field = (field.body as { id: number }).id;
  await server.call('POST', '/api/v1/custom-fields/definitions', {
    token,
    body: {
      entity_type: 'product',
      field_key: 'region_code',
      field_name: 'Region code',
      field_type: 'text',
    },
  });
  const product = await server.call('POST', '/api/v1/catalogue/products', {
    token,
    body: { fields: { name: 'Hill of Grace 2018', luc: 6, list_price: 11 } },
  });
  fixture.product = (product.body as Product).id;
  const example = await server.call('POST', '/api/v1/products', {
    token,
    body: { name: 'Harbour Shiraz', price: 29.99 },
  });
  fixture.example = (example.body as { id: number }).id;
  fixture.productVersion = (product.body as Product).version;
  const invitation = await server.call('POST', '/api/v1/team/invitations', {
    token,
    body: { name: 'Ann', email: 'ann@hostile.test', role: 'staff' },
  });
  fixture.invitation = (invitation.body as { id: string }).id;
  const team = await server.call('GET', '/api/v1/team', { token });
  fixture.person =
    (team.body as { people: { id: string; email: string }[] }).people.find(
      (person) => person.email === 'sam@hostile.test',
    )?.id ?? '';
  fixture.sale = uuid();
  await sendWrite(server, token, 'POST', '/api/v1/sales', {
    id: fixture.sale,
    receipt: 'T9-000001',
    made_at: now(),
    lines: [
      {
        product_id: fixture.product,
        quantity: 9_999,
        unit_cents: 100,
        luc_cents: 60,
        taxable: true,
      },
    ],
    tenders: [{ kind: 'card', cents: 999_900 }],
    total_cents: 999_900,
    gst_cents: 90_900,
  });
  // As if its discount's approval had not held: a manager may mark it reviewed.
  await server.db
    .update(sales)
    .set({ approval: 'not-confirmed', approvalProblem: 'wrong-pin' })
    .where(eq(sales.id, fixture.sale));
  const owner = (await server.login('owner@hostile.test', 'Hostile2026')).user.id;
  await sendWrite(server, token, 'PUT', '/api/v1/sales/approval-pin', { pin: '4321' });
  const approved = {
    id: uuid(),
    lines: [{ product_id: fixture.product, quantity: 1, unit_cents: 1 }],
  };
  fixture.approval = {
    sale_id: approved.id,
    approval: await sealedPin(server, token, { pin: '4321', sale: approved, approverId: owner }),
  };
  fixture.shift = uuid();
  await sendWrite(server, token, 'POST', '/api/v1/sales/shifts', {
    id: fixture.shift,
    till: 'T9',
    opened_at: now(),
    float_cents: 20_000,
  });
  fixture.importJob = uuid();
  await server.call('POST', '/api/v1/imports', {
    token,
    body: {
      id: fixture.importJob,
      file_name: 'wines.csv',
      match_by: 'sku',
      set_stock: true,
      row_count: 9,
    },
  });
  fixture.customer = uuid();
  await server.call('POST', '/api/v1/customers', {
    token,
    body: { id: fixture.customer, name: 'Sample Customer' },
  });
  for (const [key, name] of [
    ['erasable', 'Erasable Customer'],
    ['mergeKept', 'Kept Customer'],
    ['mergeFrom', 'Merged Customer'],
  ] as const) {
    fixture[key] = uuid();
    await server.call('POST', '/api/v1/customers', {
      token,
      body: { id: fixture[key], name },
    });
  }
  fixture.event = uuid();
  await server.call('POST', '/api/v1/events', {
    token,
    body: { id: fixture.event, title: 'Sample tasting', day: '2026-12-10', starts_at: '18:00' },
  });
  for (const key of ['customerOrder', 'customerOrderToSet'] as const) {
    fixture[key] = uuid();
    await server.call('POST', '/api/v1/orders', {
      token,
      body: {
        id: fixture[key],
        customer_id: fixture.customer,
        kind: 'pickup',
        due_on: '2026-12-24',
        lines: [{ product_id: fixture.product, quantity: 2 }],
      },
    });
  }
  fixture.supplier = uuid();
  await server.call('POST', '/api/v1/suppliers', {
    token,
    body: { id: fixture.supplier, name: 'Sample Supplier' },
  });
  for (const key of ['order', 'orderToSend', 'orderToCancel'] as const) {
    fixture[key] = uuid();
    await server.call('POST', '/api/v1/purchasing/orders', {
      token,
      body: {
        id: fixture[key],
        supplier_id: fixture.supplier,
        lines: [{ product_id: fixture.product, units: 6, unit_cost_cents: 1_500 }],
      },
    });
  }
  for (const key of ['delivery', 'deliveryToPost'] as const) {
    fixture[key] = uuid();
    await server.call('POST', '/api/v1/purchasing/deliveries', {
      token,
      body: { id: fixture[key], supplier_id: fixture.supplier, started_at: now() },
    });
  }
  await server.call('PUT', `/api/v1/purchasing/deliveries/${fixture.deliveryToPost}/counts`, {
    token,
    body: {
      device_id: 'tablet-1',
      lines: [{ product_id: fixture.product, received: 6, damaged: 0, counted_at: now() }],
    },
  });
  fixture.stocktake = uuid();
  await server.call('POST', '/api/v1/stocktakes', {
    token,
    body: {
      id: fixture.stocktake,
      name: 'All',
      scope: 'full',
      scan_mode: 'type',
      started_at: now(),
    },
  });
  return token;
}
