import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PIN_TRIES, PIN_MESSAGES } from '#domains/sales/approval.ts';
import { RECEIPT_MESSAGES } from '#domains/sales/receipt-number.ts';
import type { SoldSale } from '#domains/sales/returns.ts';
import type { UnconfirmedSale } from '#domains/sales/review.ts';
import { type Sale, totalsOf } from '#domains/sales/sale.ts';
import { approvalPins, saleLines, sales } from '#server/db/schema.ts';
import { MOMENT_MESSAGES } from '#shared/moments.ts';
import type { Product } from './helpers/products.ts';
import { paymentSettingsOf, sealedPin, stockOf } from './helpers/sales.ts';
import { createTestServer, type TestServer } from './helpers/test-server.ts';

/**
 * The till's money is the server's (what a careful tester found, finding by finding): what a
 * tablet says of prices, tax, cost and approvals is a claim the server checks against its own
 * records; receipts are unique in one spelling; dates are real; a stored write answers as it
 * did. Runs on PGlite, and on PostgreSQL in CI, where the writes at once really race.
 */
describe('the till’s money', () => {
  let server: TestServer;
  let owner: string;
  let manager: { token: string; id: string };
  let staff: string;
  let otherOwner: string;
  /** $11.00, LUC $9.00, GST in it. */
  let wine: Product;
  /** $20.00, LUC $12.00, GST-free. */
  let free: Product;

  beforeAll(async () => {
    server = await createTestServer();
    const { hilltop } = await server.twoBusinesses();
    otherOwner = hilltop.token;
    owner = (await server.login('a@harbour.test', 'Harbour2026')).accessToken;
    for (const [email, role] of [
      ['mo@harbour.test', 'manager'],
      ['sam@harbour.test', 'staff'],
    ] as const) {
      await server.createUser({
        email,
        password: 'Harbour2026',
        businessName: 'Harbour Wines',
        role,
        name: role === 'manager' ? 'Mo Manager' : 'Sam Staff',
      });
    }
    const signedIn = await server.login('mo@harbour.test', 'Harbour2026');
    manager = { token: signedIn.accessToken, id: signedIn.user.id };
    staff = (await server.login('sam@harbour.test', 'Harbour2026')).accessToken;
    await setPin(manager.token, '2468');
    wine = await create({ name: 'Money Shiraz', list_price: '11', luc: '9', gst: '1' });
    free = await create({
      name: 'Money Water',
      list_price: '20',
      luc: '12',
      gst: '0',
      tax_category: 'gstFree',
    });
  });
  afterAll(() => server.close());

  const send = (method: string, path: string, token: string, body?: unknown) =>
    server.call(method, path, {
      token,
      ...(body === undefined ? {} : { body }),
      headers: { 'Idempotency-Key': randomUUID() },
    });
  const create = async (fields: Record<string, string>) =>
    (await send('POST', '/api/v1/catalogue/products', owner, { fields })).body as Product;
  const setPin = async (token: string, pin: string) =>
    expect((await send('PUT', '/api/v1/sales/approval-pin', token, { pin })).status).toBe(200);

  let receipts = 0;
  const nextReceipt = () => {
    receipts += 1;
    return `T7-${String(receipts).padStart(6, '0')}`;
  };
  /** A card sale of these lines, its totals worked out as a tablet works them out. */
  const saleOf = (lines: Sale['lines'], extra: Partial<Sale> = {}): Sale => {
    const totals = totalsOf({ lines, discount: extra.discount });
    return {
      id: randomUUID(),
      receipt: nextReceipt(),
      made_at: new Date().toISOString(),
      lines,
      tenders: [{ kind: 'card', cents: totals.totalCents }],
      total_cents: totals.totalCents,
      gst_cents: totals.gstCents,
      ...extra,
    };
  };
  /** One bottle of the wine with a line discount, as a tablet that knew its price rings it up. */
  const discounted = (percent: number) =>
    saleOf([
      {
        product_id: wine.id,
        quantity: 1,
        unit_cents: 1_100,
        shelf_cents: 1_100,
        luc_cents: 900,
        taxable: true,
        discount: { kind: 'percent', value: percent },
      },
    ]);
  const sell = (sale: unknown, token = staff) => send('POST', '/api/v1/sales', token, sale);
  const stored = async (id: string) => {
    const [row] = await server.db.select().from(sales).where(eq(sales.id, id));
    return row;
  };
  const check = (sale: Sale, approval: unknown, token = staff) =>
    send('POST', '/api/v1/sales/approvals', token, { sale_id: sale.id, approval });
  const unconfirmed = async () => {
    const response = await server.call('GET', '/api/v1/sales/approvals/unconfirmed', {
      token: manager.token,
    });
    expect(response.status).toBe(200);
    return (response.body as { sales: UnconfirmedSale[] }).sales;
  };

  describe('1. an approval is proven by the approver’s PIN, never claimed', () => {
    it('refuses a staff discount past the limit that names a manager without their PIN', async () => {
      const { approvers } = await paymentSettingsOf(server, staff);
      expect(approvers.map((approver) => approver.user_id)).toContain(manager.id);
      const before = await stockOf(server, wine.id);
      // What an earlier tablet sent: the approver's id, readable by any staff member.
      const claimed = { ...discounted(100), approved_by: manager.id };
      const response = await sell(claimed);
      expect(response).toMatchObject({ status: 403, body: { message: PIN_MESSAGES.needed(10) } });
      expect(await stored(claimed.id)).toBeUndefined();
      expect(await stockOf(server, wine.id)).toBe(before);
    });

    it('confirms a discount with the approver’s PIN sealed for that very sale', async () => {
      const sale = discounted(50);
      sale.approval = await sealedPin(server, staff, { pin: '2468', sale, approverId: manager.id });
      const response = await sell(sale);
      expect(response).toMatchObject({ status: 201, body: { sale: { approval: 'confirmed' } } });
      expect(await stored(sale.id)).toMatchObject({
        approval: 'confirmed',
        approvedBy: manager.id,
        totalCents: 550,
      });
    });

    it('keeps a sale whose sealed PIN is wrong, marked for managers, with who sold it', async () => {
      const sale = discounted(100);
      sale.approval = await sealedPin(server, staff, { pin: '1111', sale, approverId: manager.id });
      const response = await sell(sale);
      // The goods have left: the sale is kept, and not confirmed.
      expect(response).toMatchObject({
        status: 201,
        body: { sale: { approval: 'not-confirmed' } },
      });
      expect(await stored(sale.id)).toMatchObject({
        approval: 'not-confirmed',
        approvalProblem: 'wrong-pin',
        approvedBy: manager.id,
      });
      expect((await unconfirmed()).find((each) => each.id === sale.id)).toMatchObject({
        receipt: sale.receipt,
        total_cents: 0,
        shelf_cents: 1_100,
        problem: 'wrong-pin',
        sold_by: 'Sam Staff',
        approver: 'Mo Manager',
      });
      // Sent again under another key it is answered as it was, and counts no second wrong PIN.
      const [{ tries } = { tries: -1 }] = await server.db
        .select({ tries: approvalPins.failedTries })
        .from(approvalPins)
        .where(eq(approvalPins.userId, manager.id));
      expect((await sell(sale)).body).toEqual(response.body);
      const [after] = await server.db
        .select({ tries: approvalPins.failedTries })
        .from(approvalPins)
        .where(eq(approvalPins.userId, manager.id));
      expect(after?.tries).toBe(tries);
      await setPin(manager.token, '2468');
    });

    it('proves nothing for another sale, nor for the same sale with other lines', async () => {
      const approvedFor = discounted(20);
      const sealed = await sealedPin(server, staff, {
        pin: '2468',
        sale: approvedFor,
        approverId: manager.id,
      });
      // The right PIN, for 20 % off: put on a sale that gives it all away.
      const greedy = { ...discounted(100), id: approvedFor.id, approval: sealed };
      expect((await check(greedy, sealed)).body).toEqual({ approver: expect.any(Object) });
      expect((await sell(greedy)).body).toMatchObject({ sale: { approval: 'not-confirmed' } });
      expect(await stored(greedy.id)).toMatchObject({ approvalProblem: 'other-sale' });
      const elsewhere = { ...discounted(20), approval: sealed };
      expect((await sell(elsewhere)).body).toMatchObject({ sale: { approval: 'not-confirmed' } });
      expect(await stored(elsewhere.id)).toMatchObject({ approvalProblem: 'other-sale' });
    });

    it('lets managers review what was not confirmed; staff may not', async () => {
      const listed = await unconfirmed();
      expect(listed.length).toBeGreaterThan(0);
      const [first] = listed;
      const byStaff = await server.call('GET', '/api/v1/sales/approvals/unconfirmed', {
        token: staff,
      });
      expect(byStaff.status).toBe(403);
      expect(
        (await send('POST', `/api/v1/sales/${first?.id}/approval-review`, staff, {})).status,
      ).toBe(403);
      const reviewed = await send(
        'POST',
        `/api/v1/sales/${first?.id}/approval-review`,
        manager.token,
        {},
      );
      expect(reviewed).toMatchObject({ status: 200, body: { reviewed: true } });
      expect((await unconfirmed()).map((each) => each.id)).not.toContain(first?.id);
      // Another shop's manager finds no such sale.
      const other = await send(
        'POST',
        `/api/v1/sales/${listed[1]?.id ?? first?.id}/approval-review`,
        otherOwner,
        {},
      );
      expect(other.status).toBe(404);
    });
  });

  describe('the PIN is checked online at once, and locks after 5 wrong tries in a row', () => {
    it('says a wrong PIN at once with the tries left, clears the count on a right one', async () => {
      const sale = discounted(30);
      const sealedWith = (pin: string) =>
        sealedPin(server, staff, { pin, sale, approverId: manager.id });
      const wrong = await check(sale, await sealedWith('0000'));
      expect(wrong).toMatchObject({
        status: 200,
        body: { refused: { message: PIN_MESSAGES.wrong('Mo Manager', MAX_PIN_TRIES - 1) } },
      });
      expect((await check(sale, await sealedWith('2468'))).body).toEqual({
        approver: { user_id: manager.id, name: 'Mo Manager' },
      });
      // In a row: the right PIN started the count again.
      for (let left = MAX_PIN_TRIES - 1; left >= 1; left -= 1) {
        expect((await check(sale, await sealedWith('1357'))).body).toEqual({
          refused: { message: PIN_MESSAGES.wrong('Mo Manager', left) },
        });
      }
      expect((await check(sale, await sealedWith('1357'))).body).toEqual({
        refused: { message: PIN_MESSAGES.locked('Mo Manager') },
      });
      // Locked: the right PIN too, until Mo sets a new one; tablets see it locked.
      expect((await check(sale, await sealedWith('2468'))).body).toEqual({
        refused: { message: PIN_MESSAGES.locked('Mo Manager') },
      });
      const { approvers } = await paymentSettingsOf(server, staff);
      expect(approvers.find((each) => each.user_id === manager.id)?.locked).toBe(true);
      await setPin(manager.token, '9753');
      expect((await check(sale, await sealedWith('9753'))).body).toMatchObject({
        approver: { user_id: manager.id },
      });
    });

    it('counts wrong PINs that arrive with offline sales, and locks on the fifth', async () => {
      await setPin(manager.token, '2468');
      for (let n = 1; n <= MAX_PIN_TRIES; n += 1) {
        const sale = discounted(40);
        sale.approval = await sealedPin(server, staff, {
          pin: '8642',
          sale,
          approverId: manager.id,
        });
        expect((await sell(sale)).status).toBe(201);
        expect((await stored(sale.id))?.approvalProblem).toBe(
          n < MAX_PIN_TRIES ? 'wrong-pin' : 'locked',
        );
      }
      // A sale checked online before the lock needs no other check when it arrives.
      await setPin(manager.token, '2468');
      const checked = discounted(40);
      checked.approval = await sealedPin(server, staff, {
        pin: '2468',
        sale: checked,
        approverId: manager.id,
      });
      expect((await check(checked, checked.approval)).body).toMatchObject({ approver: {} });
      await server.db
        .update(approvalPins)
        .set({ lockedAt: new Date() })
        .where(eq(approvalPins.userId, manager.id));
      expect((await sell(checked)).body).toMatchObject({ sale: { approval: 'confirmed' } });
      await setPin(manager.token, '2468');
    });
  });

  describe('2. the discount limit is measured against the shop’s own price', () => {
    it('marks a sale the shop’s price puts past the limit, whatever shelf price the tablet sent', async () => {
      for (const claimed of [{}, { shelf_cents: 1 }]) {
        const sale = saleOf([
          { product_id: wine.id, quantity: 1, unit_cents: 1, taxable: true, ...claimed },
        ]);
        const response = await sell(sale);
        expect(response.status).toBe(201);
        expect(await stored(sale.id)).toMatchObject({
          approval: 'not-confirmed',
          approvalProblem: 'price',
          claims: expect.arrayContaining([
            { line: 1, field: 'shelf_cents', claimed: 1, recorded: 1_100 },
          ]),
        });
        const [line] = await server.db
          .select()
          .from(saleLines)
          .where(eq(saleLines.saleId, sale.id));
        expect(line).toMatchObject({ unitCents: 1, shelfCents: 1_100, lucCents: 900 });
      }
      // By its own figures past the limit, with no approval: no till sends that.
      const own = saleOf([
        { product_id: wine.id, quantity: 1, unit_cents: 1, shelf_cents: 1_100, taxable: true },
      ]);
      expect((await sell(own)).status).toBe(403);
    });

    it('prices a sale as the product was when it was sold, from the change log', async () => {
      const priced = await create({
        name: 'Repriced Riesling',
        list_price: '30',
        luc: '15',
        gst: '2',
      });
      const soldAt = new Date(Date.now() - 60_000).toISOString();
      // The price goes down after the sale was made (offline): the sale still sold at $30.
      const patched = await send('PATCH', `/api/v1/catalogue/products/${priced.id}`, owner, {
        base_version: priced.version,
        changes: { list_price: '11', luc: '5' },
      });
      expect(patched.status).toBe(200);
      const atTheTime = saleOf(
        [{ product_id: priced.id, quantity: 1, unit_cents: 3_000, taxable: true }],
        { made_at: soldAt },
      );
      expect((await sell(atTheTime)).status).toBe(201);
      expect(await stored(atTheTime.id)).toMatchObject({ approval: null, costCents: 1_500 });
      // Sold after the change at the old price: not a discount. At $11 before it: 63 % off.
      const cheap = saleOf(
        [{ product_id: priced.id, quantity: 1, unit_cents: 1_100, taxable: true }],
        { made_at: soldAt },
      );
      expect((await sell(cheap)).status).toBe(201);
      expect(await stored(cheap.id)).toMatchObject({
        approval: 'not-confirmed',
        approvalProblem: 'price',
      });
      const now = saleOf([
        { product_id: priced.id, quantity: 1, unit_cents: 1_100, taxable: true },
      ]);
      expect((await sell(now)).status).toBe(201);
      expect(await stored(now.id)).toMatchObject({ approval: null, costCents: 500 });
    });
  });

  describe('4. GST and LUC are the product’s, not the line’s', () => {
    it('stores the product’s tax and cost, and the tablet’s differing claims beside', async () => {
      // A GST-free product sold as taxable: no GST in it.
      const water = saleOf([
        { product_id: free.id, quantity: 1, unit_cents: 2_000, luc_cents: 0, taxable: true },
      ]);
      expect(water.gst_cents).toBe(182);
      const answered = await sell(water, owner);
      expect(answered).toMatchObject({ status: 201, body: { sale: { gst_cents: 0 } } });
      expect(await stored(water.id)).toMatchObject({
        gstCents: 0,
        costCents: 1_200,
        claims: [
          { line: 1, field: 'luc_cents', claimed: 0, recorded: 1_200 },
          { line: 1, field: 'taxable', claimed: true, recorded: false },
          { field: 'gst_cents', claimed: 182, recorded: 0 },
        ],
      });
      // A GST product sold as GST-free: its GST is in the price all the same.
      const shiraz = saleOf([
        { product_id: wine.id, quantity: 2, unit_cents: 1_100, taxable: false },
      ]);
      expect(shiraz.gst_cents).toBe(0);
      expect((await sell(shiraz, owner)).status).toBe(201);
      expect(await stored(shiraz.id)).toMatchObject({ gstCents: 200, costCents: 1_800 });
      const [line] = await server.db
        .select()
        .from(saleLines)
        .where(eq(saleLines.saleId, shiraz.id));
      expect(line).toMatchObject({ taxable: true, lucCents: 900 });
    });
  });

  describe('5. sales of the same products at once never deadlock', () => {
    it('stores every one of many pairs sold in opposite orders at once', async () => {
      const a = await create({ name: 'Race Red', list_price: '11', luc: '9', gst: '1' });
      const b = await create({ name: 'Race White', list_price: '11', luc: '9', gst: '1' });
      const line = (id: number) => ({
        product_id: id,
        quantity: 1,
        unit_cents: 1_100,
        taxable: true,
      });
      const burst = Array.from({ length: 20 }, (_, n) =>
        saleOf(n % 2 === 0 ? [line(a.id), line(b.id)] : [line(b.id), line(a.id)]),
      );
      const answers = await Promise.all(burst.map((sale) => sell(sale)));
      expect(answers.map((answer) => answer.status)).toEqual(burst.map(() => 201));
      expect(await stockOf(server, a.id)).toBe(-20);
      expect(await stockOf(server, b.id)).toBe(-20);
    });

    it('stores sales beside an import and a custom field’s rename of the same products', async () => {
      const made = await Promise.all(
        [0, 1, 2, 3].map((n) =>
          create({ name: `Busy ${n}`, sku: `BUSY-${n}`, list_price: '11', luc: '9', gst: '1' }),
        ),
      );
      const [first, , , last] = made as [Product, Product, Product, Product];
      const line = (id: number) => ({
        product_id: id,
        quantity: 1,
        unit_cents: 1_100,
        taxable: true,
      });
      const field = await send('POST', '/api/v1/custom-fields/definitions', owner, {
        entity_type: 'product',
        field_key: 'bin',
        field_name: 'Bin',
        field_type: 'text',
      });
      const fieldId = (field.body as { id: number }).id;
      let row = 2;
      const statuses: number[] = [];
      for (let round = 0; round < 6; round += 1) {
        const job = randomUUID();
        await send('POST', '/api/v1/imports', owner, {
          id: job,
          file_name: 'busy.csv',
          match_by: 'sku',
          set_stock: true,
          row_count: 100,
        });
        // An import that makes a product (moving the catalogue version) and counts the others.
        const rows = [
          {
            row: row++,
            action: 'create',
            changes: { name: `Busy new ${round}`, sku: `BUSY-N${round}`, list_price: '10' },
            stock: 3,
          },
          ...made.map((product) => ({
            row: row++,
            action: 'update',
            product_id: product.id,
            version: 1,
            changes: { bin: `B${round}` },
            stock: 50,
          })),
        ];
        const answers = await Promise.all([
          send('POST', `/api/v1/imports/${job}/rows`, owner, { rows }),
          send('PUT', `/api/v1/custom-fields/definitions/${fieldId}`, owner, {
            entity_type: 'product',
            field_key: round % 2 ? 'bin' : 'bin_code',
            field_name: 'Bin',
            field_type: 'text',
          }),
          ...[0, 1, 2, 3, 4, 5].map((n) =>
            sell(saleOf(n % 2 ? [line(first.id), line(last.id)] : [line(last.id), line(first.id)])),
          ),
        ]);
        statuses.push(...answers.map((answer) => answer.status));
      }
      expect(statuses.filter((status) => status >= 500)).toEqual([]);
    });
  });

  describe('6. a write already stored answers as it did, under any key', () => {
    it('answers the same return sent twice at once as stored, and returns once', async () => {
      const sale = saleOf([{ product_id: wine.id, quantity: 2, unit_cents: 1_100, taxable: true }]);
      expect((await sell(sale, owner)).status).toBe(201);
      const before = await stockOf(server, wine.id);
      const ret = {
        id: randomUUID(),
        sale_id: sale.id,
        receipt: nextReceipt(),
        made_at: new Date().toISOString(),
        lines: [{ line_no: 1, quantity: 2, resaleable: true }],
        tender: { kind: 'card', cents: 2_200 },
        total_cents: 2_200,
        gst_cents: 200,
      };
      const answers = await Promise.all(
        [1, 2, 3].map(() => send('POST', '/api/v1/sales/returns', owner, ret)),
      );
      expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201]);
      const returned = answers.map((answer) => (answer.body as { return: unknown }).return);
      expect(returned[1]).toEqual(returned[0]);
      expect(returned[2]).toEqual(returned[0]);
      expect(await stockOf(server, wine.id)).toBe((before ?? 0) + 2);
    });
  });

  describe('7. one receipt number, one receipt', () => {
    it('keeps each number once, in one spelling, across sales and returns', async () => {
      const first = saleOf(
        [{ product_id: wine.id, quantity: 1, unit_cents: 1_100, taxable: true }],
        {
          receipt: 'T109-000001',
        },
      );
      expect((await sell(first, owner)).status).toBe(201);
      for (const spelling of ['t109-000001', ' T109-000001 ', 'T109-0000001', 'T109-000000001']) {
        const again = saleOf(
          [{ product_id: wine.id, quantity: 1, unit_cents: 1_100, taxable: true }],
          { receipt: spelling },
        );
        const response = await sell(again, owner);
        expect(response, spelling).toMatchObject({
          status: 409,
          body: { message: RECEIPT_MESSAGES.taken('T109-000001') },
        });
      }
      // A new number in another spelling is kept in the canonical one.
      const spelt = saleOf(
        [{ product_id: wine.id, quantity: 1, unit_cents: 1_100, taxable: true }],
        {
          receipt: 't109-0000002',
        },
      );
      expect((await sell(spelt, owner)).body).toMatchObject({ sale: { receipt: 'T109-000002' } });
      const found = await server.call('GET', '/api/v1/sales/receipts/t109-000002', {
        token: owner,
      });
      expect((found.body as SoldSale).id).toBe(spelt.id);
      // A return may not reuse its sale's number.
      const reuse = await send('POST', '/api/v1/sales/returns', owner, {
        id: randomUUID(),
        sale_id: first.id,
        receipt: 'T109-000001',
        made_at: new Date().toISOString(),
        lines: [{ line_no: 1, quantity: 1, resaleable: true }],
        tender: { kind: 'card', cents: 1_100 },
        total_cents: 1_100,
        gst_cents: 100,
      });
      expect(reuse).toMatchObject({
        status: 409,
        body: { message: RECEIPT_MESSAGES.taken('T109-000001') },
      });
      // Nor a sale a return's.
      const returned = saleOf(
        [{ product_id: wine.id, quantity: 1, unit_cents: 1_100, taxable: true }],
        { receipt: 'T109-000003' },
      );
      expect((await sell(returned, owner)).status).toBe(201);
      const ret = await send('POST', '/api/v1/sales/returns', owner, {
        id: randomUUID(),
        sale_id: returned.id,
        receipt: 'T109-000004',
        made_at: new Date().toISOString(),
        lines: [{ line_no: 1, quantity: 1, resaleable: true }],
        tender: { kind: 'card', cents: 1_100 },
        total_cents: 1_100,
        gst_cents: 100,
      });
      expect(ret.status).toBe(201);
      const afterReturn = saleOf(
        [{ product_id: wine.id, quantity: 1, unit_cents: 1_100, taxable: true }],
        { receipt: 'T109-000004' },
      );
      expect((await sell(afterReturn, owner)).body).toEqual({
        message: RECEIPT_MESSAGES.taken('T109-000004'),
      });
    });
  });

  describe('8. every date is a real moment in the shop’s life, every number bounded', () => {
    const opening = { id: randomUUID(), till: 'T7', float_cents: 10_000 };

    it('refuses year 0, 30 February and days outside the shop’s life with 400 {message}', async () => {
      const wrongDays = [
        ['0000-01-01T00:00:00Z', MOMENT_MESSAGES.moment('made_at')],
        ['2026-02-30T00:00:00Z', MOMENT_MESSAGES.moment('made_at')],
      ] as const;
      for (const [madeAt, message] of wrongDays) {
        const sale = { ...discounted(0), made_at: madeAt };
        expect(await sell(sale, owner), madeAt).toMatchObject({ status: 400, body: { message } });
        expect(await stored(sale.id)).toBeUndefined();
        const ret = await send('POST', '/api/v1/sales/returns', owner, {
          id: randomUUID(),
          sale_id: sale.id,
          receipt: nextReceipt(),
          made_at: madeAt,
          lines: [{ line_no: 1, quantity: 1, resaleable: true }],
          tender: { kind: 'card', cents: 100 },
          total_cents: 100,
          gst_cents: 9,
        });
        expect(ret).toMatchObject({ status: 400, body: { message } });
        const shift = await send('POST', '/api/v1/sales/shifts', owner, {
          ...opening,
          opened_at: madeAt,
        });
        expect(shift).toMatchObject({
          status: 400,
          body: { message: MOMENT_MESSAGES.moment('opened_at') },
        });
      }
      // Long before the shop began, or days ahead of the server's clock.
      const long = new Date(Date.now() - 10 * 86_400_000).toISOString();
      const ahead = new Date(Date.now() + 3 * 86_400_000).toISOString();
      for (const madeAt of [long, ahead]) {
        const sale = { ...discounted(0), made_at: madeAt };
        const response = await sell(sale, owner);
        expect(response.status).toBe(400);
        expect((response.body as { message: string }).message).toMatch(
          /^made_at must fall between/,
        );
      }
      // A shift opened and closed: its close dated in year 0 is refused, the shift stays open.
      expect(
        (
          await send('POST', '/api/v1/sales/shifts', owner, {
            ...opening,
            opened_at: new Date().toISOString(),
          })
        ).status,
      ).toBe(201);
      const close = await send('POST', `/api/v1/sales/shifts/${opening.id}/close`, owner, {
        closed_at: '0000-01-01T00:00:00Z',
        counted_cents: 10_000,
        ledger: {
          sales: 0,
          salesCents: 0,
          returns: 0,
          refundsCents: 0,
          gstCents: 0,
          discountsCents: 0,
          cashTakenCents: 0,
          cashRefundedCents: 0,
          tenders: [],
        },
      });
      expect(close).toMatchObject({
        status: 400,
        body: { message: MOMENT_MESSAGES.moment('closed_at') },
      });
    });

    it('asks for a day’s sales by a real day only', async () => {
      for (const date of ['2026-02-30', '0000-01-01', '2026-13-01', 'today']) {
        const response = await server.call('GET', `/api/v1/sales?date=${date}&tz=UTC`, {
          token: owner,
        });
        expect(response, date).toMatchObject({
          status: 400,
          body: { message: MOMENT_MESSAGES.day('date') },
        });
      }
      const today = new Date().toISOString().slice(0, 10);
      const response = await server.call('GET', `/api/v1/sales?date=${today}&tz=UTC`, {
        token: owner,
      });
      expect(response.status).toBe(200);
    });

    it('refuses an import row’s product id no column can hold', async () => {
      const job = randomUUID();
      expect(
        (
          await send('POST', '/api/v1/imports', owner, {
            id: job,
            file_name: 'big.csv',
            match_by: 'sku',
            set_stock: false,
            row_count: 3,
          })
        ).status,
      ).toBe(201);
      for (const id of ['2147483648', '9007199254740993', '1e300']) {
        const response = await server.call('POST', `/api/v1/imports/${job}/rows`, {
          token: owner,
          headers: { 'Idempotency-Key': randomUUID(), 'content-type': 'application/json' },
          body: `{"rows":[{"row":2,"action":"update","product_id":${id},"version":1,"changes":{"name":"X"}}]}`,
        });
        expect(response.status, id).toBe(400);
        expect(response.body).toMatchObject({ message: expect.any(String) });
      }
    });
  });

  it('keeps the business’s figures to itself: another shop sees none of it', async () => {
    const other = await server.call('GET', '/api/v1/sales/approvals/unconfirmed', {
      token: otherOwner,
    });
    expect(other).toMatchObject({ status: 200, body: { sales: [] } });
    const [{ count } = { count: -1 }] = await server.db
      .select({ count: sql<number>`count(*)::int` })
      .from(sales)
      .where(eq(sales.approval, 'not-confirmed'));
    expect(Number(count)).toBeGreaterThan(0);
  });
});
