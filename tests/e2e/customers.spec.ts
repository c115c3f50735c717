import { type Browser, expect, type Page, test } from '@playwright/test';
import { ORDERS_TEXT } from '../../src/features/orders/orders-text.ts';
import { appOnDevice, gridCellPoint, indicator, screenshot, serverApi, signIn } from './helpers.ts';
import { openInventory, PRODUCT, searchFor, WIDTHS } from './inventory-grid.ts';

/**
 * Customers and their orders on two tablets of one shop: a customer made offline on tablet A is
 * on A's list at once, reaches the server when A is back, and shows on tablet B without a
 * reload; B's change of it shows on A. The same email on a new customer is pointed out before it
 * is saved. An order for tomorrow taken offline on B reaches the server when B is back and shows
 * on A's dashboard, and A's marking it ready shows on B.
 */
async function tablet(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page);
  await appOnDevice(page);
  await page.goto('/customers');
  await expect(page.getByRole('heading', { level: 1, name: 'Customers' })).toBeVisible();
  return { context, page };
}

const search = (page: Page, text: string) =>
  page.getByRole('searchbox', { name: 'Search customers' }).fill(text);

test('a customer made offline on one tablet reaches the other, and a change comes back', async ({
  browser,
}) => {
  const a = await tablet(browser);
  const b = await tablet(browser);
  const name = `Offline Regular ${Date.now()}`;
  const email = `regular-${Date.now()}@example.test`;
  try {
    await a.context.setOffline(true);
    await a.page.getByRole('button', { name: 'Add Customer' }).click();
    const form = a.page.getByRole('dialog', { name: 'Add Customer' });
    await form.getByLabel('Name').fill(name);
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Phone').fill('+61 412 000 111');
    await form.getByLabel('Tags').fill('Wine club');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form).toBeHidden();
    await search(a.page, name);
    await a.page.getByRole('button', { name }).click();
    await expect(a.page.getByRole('heading', { level: 2, name })).toBeVisible();
    await expect(a.page.getByText('Saved on this device; on its way to the server')).toBeVisible();
    await screenshot(a.page, 'customer-made-offline');

    await a.context.setOffline(false);
    await expect(indicator(a.page)).toHaveText('Online', { timeout: 20_000 });
    await expect(a.page.getByText('Saved on this device; on its way to the server')).toBeHidden();

    // Tablet B, left on the list, hears of it and shows it.
    await search(b.page, name);
    await expect(b.page.getByRole('button', { name })).toBeVisible({ timeout: 10_000 });
    await b.page.getByRole('button', { name }).click();
    await b.page.getByRole('button', { name: 'Edit Customer' }).click();
    const edit = b.page.getByRole('dialog', { name: 'Edit Customer' });
    await edit.getByLabel('Notes').fill('Collects on Saturdays');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit).toBeHidden();
    await expect(a.page.getByText('Collects on Saturdays')).toBeVisible({ timeout: 10_000 });

    // A new customer with the same email, on B: pointed out, and saved only when asked again.
    await b.page.getByRole('button', { name: 'All customers' }).click();
    await b.page.getByRole('button', { name: 'Add Customer' }).click();
    const again = b.page.getByRole('dialog', { name: 'Add Customer' });
    await again.getByLabel('Name').fill(`${name} (twin)`);
    await again.getByLabel('Email').fill(email.toUpperCase());
    await expect(again.getByText(`${name} has this email address.`)).toBeVisible();
    await again.getByRole('button', { name: 'Save' }).click();
    await expect(again.getByRole('button', { name: 'Save anyway' })).toBeVisible();
    await again.getByRole('button', { name: 'Cancel' }).click();
    await expect(again).toBeHidden();
  } finally {
    await a.context.close();
    await b.context.close();
  }
});

test('an order for tomorrow taken offline on one tablet shows on the other’s dashboard', async ({
  browser,
}) => {
  const a = await tablet(browser);
  const b = await tablet(browser);
  const name = `Order Regular ${Date.now()}`;
  try {
    // The customer is made on A, offline, and reaches B once A is back.
    await a.context.setOffline(true);
    await a.page.getByRole('button', { name: 'Add Customer' }).click();
    const form = a.page.getByRole('dialog', { name: 'Add Customer' });
    await form.getByLabel('Name').fill(name);
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form).toBeHidden();
    await a.context.setOffline(false);
    await expect(indicator(a.page)).toHaveText('Online', { timeout: 20_000 });
    await search(b.page, name);
    await expect(b.page.getByRole('button', { name })).toBeVisible({ timeout: 10_000 });

    // B takes an order for tomorrow offline.
    await b.page.goto('/orders');
    await expect(b.page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
    await b.page.getByRole('button', { name: 'Take Order' }).click();
    const take = b.page.getByRole('dialog', { name: 'Take Order' });
    // The screen fetched the catalogue on its first visit: from now on it is on the tablet.
    await expect(take.getByText(ORDERS_TEXT.noCatalogue)).toBeHidden({ timeout: 20_000 });
    await b.context.setOffline(true);
    await take.getByLabel('Find the customer').fill(name);
    await take.getByRole('button', { name: new RegExp(name) }).click();
    await take.getByLabel('From').fill('10:30');
    await take.getByLabel('Add a product').fill('Penfolds');
    await take.getByRole('list', { name: 'Products found' }).getByRole('button').first().click();
    await take.getByLabel(/^Quantity of /).fill('3');
    await take.getByRole('button', { name: 'Save' }).click();
    await expect(take).toBeHidden();
    const title = b.page.locator('#order-title');
    await expect(title).toHaveText(`Not yet numbered · ${name}`);
    await expect(b.page.getByText('Saved on this device; on its way to the server')).toBeVisible();
    await screenshot(b.page, 'order-taken-offline');
    await b.context.setOffline(false);
    await expect(title).toHaveText(new RegExp(`^ORD-\\d+ · ${name}$`), { timeout: 20_000 });

    // A's dashboard lists it among tomorrow's; it opens the order.
    await a.page.goto('/dashboard');
    const tomorrow = a.page.getByRole('region', { name: "Tomorrow's Orders" });
    const entry = tomorrow.getByRole('link', { name: new RegExp(name) });
    await expect(entry).toContainText('3 items', { timeout: 15_000 });
    await expect(entry).toContainText('10:30 AM');
    await entry.click();
    await expect(a.page.locator('#order-title')).toHaveText(new RegExp(name));
    await a.page.getByRole('button', { name: 'Mark Ready' }).click();
    await expect(b.page.locator('.facts').getByText('Ready')).toBeVisible({
      timeout: 10_000,
    });

    // Cancelled, it leaves tomorrow's list.
    await a.page.getByRole('button', { name: 'Cancel Order' }).click();
    await a.page
      .getByRole('dialog', { name: 'Cancel Order' })
      .getByRole('button', { name: 'Cancel Order' })
      .click();
    await a.page.goto('/dashboard');
    await expect(tomorrow.getByRole('link', { name: new RegExp(name) })).toHaveCount(0, {
      timeout: 15_000,
    });
  } finally {
    await a.context.close();
    await b.context.close();
  }
});

/** This test's product: one no other browser test touches. */
const WHISKY = 'Ardbeg Corryvreckan';

/** The Current Stock figures of the product's popup (Stock & Orders), the popup left open. */
async function stockFigures(page: Page) {
  await searchFor(page, WHISKY);
  const point = await gridCellPoint(page, WIDTHS, PRODUCT, 0);
  await page.mouse.click(point.x, point.y);
  const dialog = page.getByRole('dialog', { name: WHISKY });
  await dialog.getByRole('tab', { name: 'Stock & Orders' }).click();
  const figure = async (label: string) =>
    Number(
      await dialog.locator('.facts__row', { hasText: label }).first().locator('dd').textContent(),
    );
  return {
    dialog,
    available: await figure('Available'),
    reserved: await figure('Reserved'),
    total: await figure('Total'),
  };
}

test('an order sets stock aside, and collecting it at the POS offline sells it and frees it', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const api = await serverApi(page);
  const whisky = await api.product(WHISKY);
  const name = `Collecting Regular ${Date.now()}`;
  const send = async (path: string, data: unknown) => {
    const response = await page.request.post(`/api/v1${path}`, {
      headers: { ...api.headers, 'Idempotency-Key': crypto.randomUUID() },
      data,
    });
    expect(response.status()).toBe(201);
    return response.json();
  };
  const customerId = crypto.randomUUID();
  await send('/customers', { id: customerId, name });
  const orderId = crypto.randomUUID();
  const { order } = (await send('/orders', {
    id: orderId,
    customer_id: customerId,
    kind: 'pickup',
    due_on: '2026-12-24',
    lines: [{ product_id: whisky.id, quantity: 2 }],
  })) as { order: { number: string } };

  await openInventory(page);
  await appOnDevice(page);
  // The customers are kept on this tablet from a visit, so the till finds them offline.
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Customers' })
    .click();
  await search(page, name);
  await expect(page.getByRole('button', { name })).toBeVisible({ timeout: 10_000 });
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Inventory' })
    .click();

  // Set aside: reserved 2 of what is on hand, and the order named beside it.
  const before = await stockFigures(page);
  expect(before.total).toBe(whisky.stock);
  expect(before.reserved).toBeGreaterThanOrEqual(2);
  expect(before.available).toBe(before.total - before.reserved);
  await expect(before.dialog.getByRole('link', { name: order.number })).toBeVisible();
  await screenshot(page, 'stock-reserved-by-order');
  await page.keyboard.press('Escape');

  // The calendar shows it on its day: a chip in December's grid, and in the day's list, which
  // opens it.
  await page.goto('/calendar?day=2026-12-24');
  await expect(page.getByRole('heading', { level: 2, name: 'December 2026' })).toBeVisible();
  await expect(
    page
      .getByRole('region', { name: 'December 2026' })
      .getByRole('link', { name: new RegExp(name) }),
  ).toBeVisible();
  await page.getByRole('button', { name: /^Thursday 24 December 2026: \d+ orders?$/ }).click();
  const entry = page.getByRole('link', { name: `${order.number} · ${name}` });
  await expect(entry).toBeVisible();
  await screenshot(page, 'calendar-day');
  await entry.click();
  await expect(page.locator('#order-title')).toHaveText(`${order.number} · ${name}`);

  // The picking list of the orders still to hand over has it: the whisky summed, the order
  // with its lines, and a sheet made to print.
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Orders' })
    .click();
  await page.getByRole('button', { name: 'Picking list' }).click();
  const picking = page.getByRole('dialog', { name: 'Picking list · Still to hand over' });
  await expect(picking.getByRole('row', { name: new RegExp(WHISKY) }).first()).toBeVisible();
  await expect(picking.getByRole('heading', { name: `${order.number} · ${name}` })).toBeVisible();
  await expect(page.locator('.print-sheet')).toContainText(`2 × ${WHISKY}`);
  await screenshot(page, 'picking-list');
  await picking.getByRole('button', { name: 'Close' }).first().click();

  // Offline at the till (its number got online first): the customer found, their order
  // completed by a card sale.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'POS' }).click();
  await expect(page.getByText(/^Till T\d+/)).toBeVisible({ timeout: 20_000 });
  await context.setOffline(true);
  const sale = page.getByRole('form', { name: 'Sale' });
  await sale.getByRole('button', { name: 'Add customer' }).click();
  const picker = page.getByRole('dialog', { name: 'Customer for this sale' });
  await picker.getByLabel('Search by name, email or phone').fill(name);
  await picker.getByRole('button', { name: new RegExp(name) }).click();
  await sale.getByRole('button', { name: new RegExp(`^Complete ${order.number}`) }).click();
  await expect(sale).toContainText(`Completing ${order.number} (Pickup) · ${name}`);
  await expect(sale.getByLabel(`Quantity of ${WHISKY}`)).toHaveText('2');
  await page.getByLabel("Card (the shop's terminal)").check();
  await page.getByRole('button', { name: 'Complete sale' }).click();
  const receipt = page.getByRole('region', { name: 'Receipt' });
  await expect(receipt).toContainText(`Customer: ${name}`);
  await expect(receipt).toContainText(`${order.number} · Collected`);
  const receiptNumber = /Receipt (T\d+-\d{6})/.exec(await receipt.innerText())?.[1] ?? '';
  const total = (await receipt.locator('.receipt__total dd').first().textContent()) ?? '';
  await screenshot(page, 'order-collected-at-pos');

  // Still offline, the reservation is released and the two bottles are gone from the shelf.
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Inventory' })
    .click();
  const after = await stockFigures(page);
  expect(after.total).toBe(before.total - 2);
  expect(after.reserved).toBe(before.reserved - 2);
  expect(after.available).toBe(before.available);
  await page.keyboard.press('Escape');

  // Back online: one sale on the server, the order collected with its receipt.
  await context.setOffline(false);
  await expect
    .poll(async () => (await api.product(WHISKY)).stock, { timeout: 30_000 })
    .toBe(whisky.stock - 2);
  const orders = (await (
    await page.request.get('/api/v1/orders', { headers: api.headers })
  ).json()) as { orders: { id: string; status: string; sale_receipt: string | null }[] };
  expect(orders.orders.find((each) => each.id === orderId)).toMatchObject({
    status: 'collected',
    sale_receipt: receiptNumber,
  });

  // The customer's page: the sale in their history, their spend, nothing left to hand over.
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Customers' })
    .click();
  await search(page, name);
  await page.getByRole('button', { name }).click();
  const history = page.locator('.customer-block', { hasText: 'Purchase history' });
  await expect(history.getByRole('row', { name: new RegExp(receiptNumber) })).toContainText(total);
  await expect(history.locator('.facts__row', { hasText: 'Lifetime spend' })).toContainText(total);
  await expect(page.getByText('No orders waiting to be handed over.')).toBeVisible();
  await screenshot(page, 'customer-purchase-history');
});

test('a customer’s data is exported and erased at their request, and every device forgets them', async ({
  browser,
}) => {
  const a = await tablet(browser);
  const b = await tablet(browser);
  const name = `Leaving Regular ${Date.now()}`;
  try {
    await a.page.getByRole('button', { name: 'Add Customer' }).click();
    const form = a.page.getByRole('dialog', { name: 'Add Customer' });
    await form.getByLabel('Name').fill(name);
    await form.getByLabel('Email').fill(`leaving-${Date.now()}@example.test`);
    await form.getByLabel('Notes').fill('Prefers Friday calls');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form).toBeHidden();
    await search(b.page, name);
    await expect(b.page.getByRole('button', { name })).toBeVisible({ timeout: 10_000 });

    await search(a.page, name);
    await a.page.getByRole('button', { name }).click();
    await expect(a.page.getByText('Saved on this device; on its way to the server')).toBeHidden({
      timeout: 20_000,
    });
    const [download] = await Promise.all([
      a.page.waitForEvent('download'),
      a.page.getByRole('button', { name: 'Export Data' }).click(),
    ]);
    const exported = JSON.parse(
      await (await download.createReadStream())
        .toArray()
        .then((chunks) => Buffer.concat(chunks).toString('utf8')),
    ) as { customer: { name: string; notes: string } };
    expect(exported.customer).toMatchObject({ name, notes: 'Prefers Friday calls' });

    await a.page.getByRole('button', { name: 'Erase Customer' }).click();
    const asked = a.page.getByRole('alertdialog', { name: 'Erase Customer' });
    await expect(asked).toContainText(`Erase ${name}?`);
    await asked.getByRole('button', { name: 'Erase Customer' }).click();
    await expect(a.page.getByRole('heading', { level: 2, name: 'Erased customer' })).toBeVisible();
    await expect(a.page.getByText(/^Erased on .* at their request/)).toBeVisible();
    await expect(a.page.getByText('Prefers Friday calls')).toHaveCount(0);
    await expect(a.page.getByRole('button', { name: 'Edit Customer' })).toHaveCount(0);
    await screenshot(a.page, 'customer-erased');

    // Tablet B, left on the list, hears of it: the name is nowhere on it.
    await expect(b.page.getByRole('button', { name })).toHaveCount(0, { timeout: 10_000 });
    await expect(b.page.getByText(`No customers match “${name}”.`)).toBeVisible();
  } finally {
    await a.context.close();
    await b.context.close();
  }
});

test('two records of one person are merged into one: details filled, the other gone from the list', async ({
  page,
}) => {
  const api = await serverApi(page);
  const stamp = Date.now();
  const kept = `Kept Regular ${stamp}`;
  const twin = `Twin Regular ${stamp}`;
  for (const [name, extra] of [
    [kept, { email: `kept-${stamp}@example.test` }],
    [twin, { phone: '0412 765 432', tags: ['Trade'] }],
  ] as const) {
    const response = await page.request.post('/api/v1/customers', {
      headers: { ...api.headers, 'Idempotency-Key': crypto.randomUUID() },
      data: { id: crypto.randomUUID(), name, ...extra },
    });
    expect(response.status()).toBe(201);
  }
  await signIn(page);
  await page.goto('/customers');
  await search(page, kept);
  await page.getByRole('button', { name: kept }).click();
  await page.getByRole('button', { name: 'Merge a duplicate into this customer' }).click();
  const dialog = page.getByRole('dialog', { name: `Merge into ${kept}` });
  await dialog.getByLabel('Find the other record of this person').fill(twin);
  await dialog.getByRole('button', { name: twin }).click();
  await expect(dialog).toContainText(`Merge ${twin} into ${kept}?`);
  await dialog.getByRole('button', { name: 'Merge', exact: true }).click();
  await expect(page.getByText(`${twin} was merged into this customer.`)).toBeVisible();
  const facts = page.locator('.facts').first();
  await expect(facts).toContainText('0412 765 432');
  await expect(facts).toContainText('Trade');
  await screenshot(page, 'customer-merged');
  await page.getByRole('button', { name: 'All customers' }).click();
  await search(page, twin);
  await expect(page.getByText(`No customers match “${twin}”.`)).toBeVisible();
});

test('a wine club member gets the club’s discount at the till by being attached to the sale', async ({
  page,
}) => {
  const api = await serverApi(page);
  const settings = (tagDiscounts: unknown[]) =>
    page.request.patch('/api/v1/sales/settings', {
      headers: { ...api.headers, 'Idempotency-Key': crypto.randomUUID() },
      data: { changes: { tagDiscounts } },
    });
  expect((await settings([{ tag: 'Wine club', percent: 10 }])).status()).toBe(200);
  const name = `Club Member ${Date.now()}`;
  const made = await page.request.post('/api/v1/customers', {
    headers: { ...api.headers, 'Idempotency-Key': crypto.randomUUID() },
    data: { id: crypto.randomUUID(), name, tags: ['Wine club'] },
  });
  expect(made.status()).toBe(201);
  try {
    await signIn(page);
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Customers' })
      .click();
    await search(page, name);
    await expect(page.getByRole('button', { name })).toBeVisible({ timeout: 10_000 });
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'POS' }).click();
    await expect(page.getByText(/^Till T\d+/)).toBeVisible({ timeout: 20_000 });
    const scan = page.getByLabel('Scan or search a product');
    await scan.fill('Biondi-Santi');
    await scan.press('Enter');
    const sale = page.getByRole('form', { name: 'Sale' });
    const total = sale.locator('.pos__total dd');
    const full = Number((await total.textContent())?.replace(/[$,]/g, ''));
    await sale.getByRole('button', { name: 'Add customer' }).click();
    const picker = page.getByRole('dialog', { name: 'Customer for this sale' });
    await picker.getByLabel('Search by name, email or phone').fill(name);
    await picker.getByRole('button', { name: new RegExp(name) }).click();
    await expect(
      sale.getByRole('button', { name: 'Sale discount: 10 % off (Wine club)' }),
    ).toBeVisible();
    await expect(total).toHaveText(
      `$${(Math.round(full * 90) / 100).toLocaleString('en-AU', { minimumFractionDigits: 2 })}`,
    );
    await screenshot(page, 'pos-club-discount');
    await page.getByLabel("Card (the shop's terminal)").check();
    await page.getByRole('button', { name: 'Complete sale' }).click();
    const receipt = page.getByRole('region', { name: 'Receipt' });
    await expect(receipt).toContainText(`Customer: ${name}`);
    await expect(receipt).toContainText('Sale discount (10 % off)');
  } finally {
    await settings([]);
  }
});

test('a trade account: sales on it, a payment and a deposit taken at the till offline, the statement adds up', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const api = await serverApi(page);
  const send = async (path: string, data: unknown) => {
    const response = await page.request.post(`/api/v1${path}`, {
      headers: { ...api.headers, 'Idempotency-Key': crypto.randomUUID() },
      data,
    });
    expect(response.status()).toBe(201);
    return response.json();
  };
  const whisky = await api.product(WHISKY);
  const name = `Trade Account ${Date.now()}`;
  const member = `TR-${Date.now() % 1_000_000}`;
  const customerId = crypto.randomUUID();
  await send('/customers', { id: customerId, name, member_number: member, tags: ['Trade'] });
  const { order } = (await send('/orders', {
    id: crypto.randomUUID(),
    customer_id: customerId,
    kind: 'pickup',
    due_on: '2026-12-24',
    lines: [{ product_id: whisky.id, quantity: 1 }],
  })) as { order: { number: string } };

  // A manager opens the account on the customer's page.
  await openInventory(page);
  await appOnDevice(page);
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Customers' })
    .click();
  await search(page, member);
  await page.getByRole('button', { name }).click();
  const account = page.locator('.customer-block', { hasText: 'Balance owed' });
  await expect(account).toContainText('No account');
  await account.getByLabel('Account limit ($)').fill('5000');
  await account.getByRole('button', { name: 'Open account' }).click();
  await expect(account.getByText('The account limit was saved.')).toBeVisible();
  await expect(account.locator('.facts__row', { hasText: 'Available' })).toContainText('$5,000.00');

  // Offline at the till: the member card attaches them; a sale goes on the account.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'POS' }).click();
  await expect(page.getByText(/^Till T\d+/)).toBeVisible({ timeout: 20_000 });
  await context.setOffline(true);
  const scan = page.getByLabel('Scan or search a product');
  const sale = page.getByRole('form', { name: 'Sale' });
  await scan.fill(member);
  await scan.press('Enter');
  await expect(sale.getByText(`Member card of ${name}: attached to the sale.`)).toBeVisible();
  await expect(sale).toContainText('Account: $0.00 owed · $5,000.00 available');
  await scan.fill('Biondi-Santi');
  await scan.press('Enter');
  await sale.getByLabel('Account', { exact: true }).check();
  await page.getByRole('button', { name: 'Complete sale' }).click();
  const receipt = page.getByRole('region', { name: 'Receipt' });
  await expect(receipt).toContainText(`Customer: ${name}`);
  const charged = Number(
    ((await receipt.locator('.receipt__total dd').first().textContent()) ?? '').replace(
      /[$,]/g,
      '',
    ),
  );
  expect(charged).toBeGreaterThan(0);
  await screenshot(page, 'pos-sale-on-account');
  await receipt.getByRole('button', { name: 'New sale' }).click();

  // A payment on the account, then a deposit for their order, both by card.
  await scan.fill(member);
  await scan.press('Enter');
  const pay = async (amount: string, what?: string) => {
    await sale.getByRole('button', { name: 'Take payment' }).click();
    const dialog = page.getByRole('dialog', { name: `Payment from ${name}` });
    await dialog.getByLabel('Amount paid').fill(amount);
    if (what) await dialog.getByLabel('What it pays').selectOption({ label: what });
    await dialog.getByLabel('Card', { exact: true }).check();
    await dialog.getByRole('button', { name: 'Record payment' }).click();
    await expect(dialog).toBeHidden();
  };
  await pay('50');
  await expect(sale.getByText(`$50.00 taken from ${name} for their account.`)).toBeVisible();
  await pay('20', `Deposit for ${order.number}`);
  await expect(
    sale.getByText(`$20.00 taken from ${name} for the deposit on ${order.number}.`),
  ).toBeVisible();
  const owed = charged - 50 - 20;
  await expect(sale).toContainText(
    `Account: $${owed.toLocaleString('en-AU', { minimumFractionDigits: 2 })} owed`,
  );

  // Collecting the order spends the deposit first; the card pays the rest.
  await sale.getByRole('button', { name: new RegExp(`^Complete ${order.number}`) }).click();
  await expect(sale.locator('.pos__totals')).toContainText('Deposit');
  await page.getByLabel("Card (the shop's terminal)").check();
  await page.getByRole('button', { name: 'Complete sale' }).click();
  await expect(receipt).toContainText('Deposit$20.00');
  await screenshot(page, 'pos-deposit-spent');

  // Back online: the server holds every entry once, and their sum is what the page shows.
  await context.setOffline(false);
  await expect(indicator(page)).toHaveText('Online', { timeout: 20_000 });
  const entries = async () =>
    (
      (await (
        await page.request.get(`/api/v1/customers/${customerId}/export`, { headers: api.headers })
      ).json()) as { account: { kind: string; amount_cents: number }[] }
    ).account;
  await expect.poll(async () => (await entries()).length, { timeout: 30_000 }).toBe(4);
  const stored = await entries();
  expect(stored.map((entry) => entry.kind).sort()).toEqual(['deposit', 'payment', 'sale', 'sale']);
  const balance = stored.reduce((total, entry) => total + entry.amount_cents, 0);
  // The sale on account less the payment; the deposit taken and then spent cancel out.
  expect(balance).toBe(Math.round(charged * 100) - 5_000);

  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Customers' })
    .click();
  await search(page, member);
  await page.getByRole('button', { name }).click();
  const owedText = `$${(balance / 100).toLocaleString('en-AU', { minimumFractionDigits: 2 })}`;
  await expect(account.locator('.facts__row', { hasText: 'Balance owed' })).toContainText(owedText);
  const statement = page.locator('.customer-statement');
  await expect(statement.getByRole('row', { name: /Closing balance/ })).toContainText(owedText);
  await expect(statement.getByRole('row', { name: /Payment \(Card\)/ })).toContainText('-$50.00');
  await expect(
    statement.getByRole('row', { name: new RegExp(`Deposit for ${order.number}`) }),
  ).toContainText('-$20.00');
  await screenshot(page, 'customer-account-statement');
});

test('a tasting put on the calendar offline on one tablet gets its guests on another', async ({
  browser,
}) => {
  const a = await tablet(browser);
  const b = await tablet(browser);
  const api = await serverApi(a.page);
  const guest = `Tasting Guest ${Date.now()}`;
  const made = await a.page.request.post('/api/v1/customers', {
    headers: { ...api.headers, 'Idempotency-Key': crypto.randomUUID() },
    data: { id: crypto.randomUUID(), name: guest },
  });
  expect(made.status()).toBe(201);
  const title = `Barossa tasting ${Date.now()}`;
  const calendar = async (page: Page) => {
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Calendar' })
      .click();
    await page.getByRole('tab', { name: 'Day' }).click();
  };
  try {
    await calendar(a.page);
    await calendar(b.page);
    await a.context.setOffline(true);
    await a.page.getByRole('button', { name: 'New event' }).click();
    const form = a.page.getByRole('dialog', { name: 'New event' });
    await form.getByLabel('Name').fill(title);
    await form.getByLabel('Starts').fill('18:30');
    await form.getByLabel('Ends (optional)').fill('17:00');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form.getByText('The event ends after it starts')).toBeVisible();
    await form.getByLabel('Ends (optional)').fill('20:00');
    await form.getByLabel('Places (optional)').fill('12');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form).toBeHidden();
    await expect(a.page.getByRole('button', { name: title })).toBeVisible();
    await a.context.setOffline(false);

    // Tablet B, on the same day, hears of it and books the guest.
    await b.page.getByRole('button', { name: title }).click({ timeout: 20_000 });
    const event = b.page.getByRole('dialog', { name: title });
    await expect(event).toContainText('0 of 12 coming');
    await event.getByLabel('Find a customer').fill(guest);
    await event.getByRole('button', { name: guest }).click();
    await expect(event).toContainText('1 of 12 coming');
    await screenshot(b.page, 'calendar-event-guests');
    await event.getByRole('button', { name: 'Cancel' }).click();

    // Tablet A sees the guest; the day's list says who is coming.
    await expect(a.page.locator('.calendar-day__order', { hasText: title })).toContainText(
      '6:30 PM – 8:00 PM · 1 of 12 coming',
      { timeout: 20_000 },
    );
  } finally {
    await a.context.close();
    await b.context.close();
  }
});
