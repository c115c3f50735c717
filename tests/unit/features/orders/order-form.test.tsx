import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '#data/db.ts';
import { CUSTOMER_ORDER_MESSAGES } from '#domains/customer-orders/customer-order.ts';
import { OrderForm } from '#features/orders/components/order-form.tsx';
import { customer } from '../../helpers/customer.ts';
import { inventoryItem } from '../../helpers/inventory-item.ts';
import { clearLocalData } from '../../helpers/local-data.ts';

beforeEach(async () => {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  await clearLocalData();
});

const larder = customer({ name: 'The Larder Bistro', address: '1 Wharf Rd, Pyrmont' });
const catalogue = [
  inventoryItem(5, { product: 'Barossa Shiraz', listPrice: 34.95, barcode: '9300000000057' }),
  inventoryItem(6, { product: 'Clare Riesling', listPrice: 22.5 }),
];

function renderForm(onSaved = vi.fn()) {
  render(
    <OrderForm
      order={null}
      customers={[larder]}
      catalogue={catalogue}
      tomorrow="2026-12-01"
      onClose={vi.fn()}
      onSaved={onSaved}
    />,
  );
  return onSaved;
}

describe('taking an order', () => {
  it('says what is missing by field and saves nothing', async () => {
    const user = userEvent.setup();
    const onSaved = renderForm();
    await user.click(screen.getByLabelText('Delivery'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(CUSTOMER_ORDER_MESSAGES.customer)).toBeTruthy();
    expect(screen.getByText(CUSTOMER_ORDER_MESSAGES.lines)).toBeTruthy();
    expect(screen.getByText(CUSTOMER_ORDER_MESSAGES.address)).toBeTruthy();
    expect(onSaved).not.toHaveBeenCalled();
    expect(await db.outbox.count()).toBe(0);
  });

  it('takes a delivery for a customer found by name, a scanned product and one searched', async () => {
    const user = userEvent.setup();
    const onSaved = renderForm();
    await user.type(screen.getByLabelText('Find the customer'), 'larder');
    await user.click(screen.getByRole('button', { name: /The Larder Bistro/ }));
    await user.click(screen.getByLabelText('Delivery'));
    // The customer's address is offered for a delivery.
    expect((screen.getByLabelText('Delivery address') as HTMLTextAreaElement).value).toBe(
      '1 Wharf Rd, Pyrmont',
    );
    await user.type(screen.getByLabelText('From'), '09:30');
    // A scanner types the code and Enter: the one product found is added.
    await user.type(screen.getByLabelText('Add a product'), '9300000000057{Enter}');
    await user.type(screen.getByLabelText('Add a product'), 'riesling');
    await user.click(
      within(screen.getByRole('list', { name: 'Products found' })).getByRole('button', {
        name: /Clare Riesling/,
      }),
    );
    await user.clear(screen.getByLabelText('Quantity of Barossa Shiraz'));
    await user.type(screen.getByLabelText('Quantity of Barossa Shiraz'), '6');
    expect(screen.getByText('$232.20')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalled());
    const [entry] = await db.outbox.toArray();
    expect(entry?.body).toEqual({
      id: onSaved.mock.calls[0]?.[0],
      customer_id: larder.id,
      kind: 'delivery',
      due_on: '2026-12-01',
      window_from: '09:30',
      window_to: null,
      address: '1 Wharf Rd, Pyrmont',
      notes: null,
      lines: [
        { product_id: 5, quantity: 6 },
        { product_id: 6, quantity: 1 },
      ],
    });
  });
});
