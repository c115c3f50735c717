import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '#data/db.ts';
import { CUSTOMER_MESSAGES } from '#domains/customers/customer.ts';
import { CustomerForm } from '#features/customers/components/customer-form.tsx';
import { customer } from '../../helpers/customer.ts';
import { clearLocalData } from '../../helpers/local-data.ts';

beforeEach(async () => {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  await clearLocalData();
});

const margaret = customer({
  name: 'Margaret Chen',
  email: 'margaret@example.test',
  phone: '0412 345 678',
  version: 2,
});

const sent = async () => (await db.outbox.toArray()).map((entry) => entry.body);

describe('a customer’s form', () => {
  it('says what is wrong by field, keeps what was typed, and saves nothing', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(<CustomerForm customer={null} customers={[]} onClose={onClose} onOpen={vi.fn()} />);
    await user.type(screen.getByLabelText('Email'), 'margaret@');
    await user.type(screen.getByLabelText('Phone'), '12');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(CUSTOMER_MESSAGES.name)).toBeTruthy();
    expect(screen.getByText(CUSTOMER_MESSAGES.email)).toBeTruthy();
    expect(screen.getByText(CUSTOMER_MESSAGES.phone)).toBeTruthy();
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('margaret@');
    expect(onClose).not.toHaveBeenCalled();
    expect(await db.outbox.count()).toBe(0);
  });

  it('points out another customer with the same phone, and saves only when asked again', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    const onOpen = vi.fn();
    render(
      <CustomerForm customer={null} customers={[margaret]} onClose={onClose} onOpen={onOpen} />,
    );
    await user.type(screen.getByLabelText('Name'), 'M Chen');
    await user.type(screen.getByLabelText('Phone'), '+61 412 345 678');
    expect(screen.getByText('Margaret Chen has this phone number.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    // The first Save asks; nothing is saved yet.
    expect(
      await screen.findByText(
        'Is this the same person? Open them instead, or save this customer anyway.',
      ),
    ).toBeTruthy();
    expect(await db.outbox.count()).toBe(0);
    await user.click(screen.getByRole('button', { name: 'Open Margaret Chen' }));
    expect(onOpen).toHaveBeenCalledWith(margaret.id);
    await user.click(screen.getByRole('button', { name: 'Save anyway' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(await sent()).toEqual([
      expect.objectContaining({ name: 'M Chen', phone: '+61 412 345 678', tags: [] }),
    ]);
  });

  it('sends only the fields changed, with tags and the day consent was given', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(
      <CustomerForm
        customer={margaret}
        customers={[margaret]}
        onClose={onClose}
        onOpen={vi.fn()}
      />,
    );
    await user.type(screen.getByLabelText('Tags'), 'Wine club, trade, Wine Club');
    await user.click(screen.getByLabelText('Agrees to marketing'));
    expect(screen.getByText(/^Agreed on /)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    const [body] = await sent();
    expect(body).toEqual({
      base_version: 2,
      changes: {
        tags: ['Wine club', 'trade'],
        marketing_consent: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      },
    });
  });
});
