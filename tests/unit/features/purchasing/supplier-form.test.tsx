import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '#data/db.ts';
import { SUPPLIER_MESSAGES, type Supplier } from '#domains/purchasing/supplier.ts';
import { SupplierForm } from '#features/purchasing/components/supplier-form.tsx';
import { clearLocalData } from '../../helpers/local-data.ts';

beforeEach(async () => {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  await clearLocalData();
});

const cellarDirect: Supplier = {
  id: '1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed',
  name: 'Cellar Direct',
  contact: 'Jo',
  email: null,
  phone: null,
  account_number: null,
  lead_days: 7,
  minimum_order_cents: 50_000,
  notes: null,
  version: 3,
  field_versions: {},
  updated_at: '2026-11-29T09:00:00.000Z',
};

describe('a supplier’s form', () => {
  it('says what is wrong by field, keeps what was typed, and saves nothing', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(<SupplierForm supplier={null} onClose={onClose} />);
    await user.type(screen.getByLabelText('Email'), 'orders@');
    await user.type(screen.getByLabelText('Lead time (days)'), '2.5');
    await user.type(screen.getByLabelText('Minimum order'), 'lots');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(SUPPLIER_MESSAGES.name)).toBeTruthy();
    expect(screen.getByText(SUPPLIER_MESSAGES.email)).toBeTruthy();
    expect(screen.getByText(SUPPLIER_MESSAGES.leadDays)).toBeTruthy();
    expect(screen.getByText(SUPPLIER_MESSAGES.minimumOrder)).toBeTruthy();
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('orders@');
    expect(onClose).not.toHaveBeenCalled();
    expect(await db.suppliers.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
  });

  it('adds a supplier on this device at once, to be sent', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(<SupplierForm supplier={null} onClose={onClose} />);
    await user.type(screen.getByLabelText('Name'), ' Harbour Spirits ');
    await user.type(screen.getByLabelText('Email'), 'orders@harbour.test');
    await user.type(screen.getByLabelText('Lead time (days)'), '14');
    await user.type(screen.getByLabelText('Minimum order'), '$250');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    const [stored] = await db.suppliers.toArray();
    expect(stored).toMatchObject({
      name: 'Harbour Spirits',
      email: 'orders@harbour.test',
      lead_days: 14,
      minimum_order_cents: 25_000,
      contact: null,
    });
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ method: 'POST', path: '/suppliers' });
  });

  it('sends only the fields changed, on the version it holds', async () => {
    const user = userEvent.setup();
    render(<SupplierForm supplier={cellarDirect} onClose={() => {}} />);
    expect((screen.getByLabelText('Minimum order') as HTMLInputElement).value).toBe('500.00');
    await user.type(screen.getByLabelText('Phone'), '03 9000 0000');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(async () => expect(await db.outbox.count()).toBe(1));
    const [entry] = await db.outbox.toArray();
    expect(entry?.body).toEqual({ base_version: 3, changes: { phone: '03 9000 0000' } });
  });
});
