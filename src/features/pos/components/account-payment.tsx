import { type FormEvent, useId, useState } from 'react';
import { payOnAccount } from '#data/repositories/customer-accounts.ts';
import { NOT_NUMBERED } from '#domains/customer-orders/customer-order.ts';
import { ACCOUNT_MESSAGES, type PaymentTender } from '#domains/customers/account.ts';
import { formatCents, parseCents } from '#domains/sales/money.ts';
import type { PaymentSettings } from '#domains/sales/payment-settings.ts';
import { DialogFooter } from '#ui/dialog-footer.tsx';
import { Field } from '#ui/field.tsx';
import { Modal } from '#ui/modal.tsx';
import { MoneyInput } from '#ui/money-input.tsx';
import { choiceKey, choiceLabel, type SaleCustomer, tenderChoices } from '../basket.ts';

export const ACCOUNT_PAYMENT_TEXT = {
  take: 'Take payment',
  title: (name: string) => `Payment from ${name}`,
  amount: 'Amount paid',
  what: 'What it pays',
  onAccount: 'Their account',
  deposit: (number: string) => `Deposit for ${number}`,
  owed: (amount: string) => `Owes ${amount}`,
  credit: (amount: string) => `In credit ${amount}`,
  account: (owed: string, available: string) => `Account: ${owed} owed · ${available} available`,
  noAccount: 'No account: a payment is kept as a credit',
  record: 'Record payment',
  cashStep: (step: number) => `Cash is paid in steps of ${step} c`,
  taken: (amount: string, name: string, what: string, inShift: boolean) =>
    `${amount} taken from ${name} for ${what}.${inShift ? " It is in this shift's takings." : ''}`,
} as const;

/** An order a deposit may be taken for: one of the customer's still to hand over. */
export interface DepositOrder {
  id: string;
  number: string;
}

/**
 * A payment taken at the till from the sale's customer: on their account, or as a deposit for
 * one of their orders. Cash, card or another tender the shop offers (the Account tender is not
 * one: it is what is paid). Queued at once, offline too, and counted in the open shift.
 */
export function AccountPaymentDialog({
  businessId,
  customer,
  settings,
  orders,
  onClose,
  onTaken,
}: {
  businessId: string;
  customer: SaleCustomer;
  settings: PaymentSettings;
  orders: readonly DepositOrder[];
  onClose: () => void;
  onTaken: (text: string) => void;
}) {
  const id = useId();
  const choices = tenderChoices(settings);
  const [amount, setAmount] = useState('');
  const [tender, setTender] = useState(0);
  const [what, setWhat] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function record(event: FormEvent) {
    event.preventDefault();
    const cents = parseCents(amount);
    const chosen = choices[tender];
    if (cents === null || cents <= 0) {
      setProblem(ACCOUNT_MESSAGES.amount);
      return;
    }
    if (!chosen || chosen.kind === 'account') {
      setProblem(ACCOUNT_MESSAGES.tender);
      return;
    }
    if (chosen.kind === 'cash' && cents % settings.cashStepCents !== 0) {
      setProblem(ACCOUNT_PAYMENT_TEXT.cashStep(settings.cashStepCents));
      return;
    }
    const paid: PaymentTender =
      chosen.kind === 'other' ? { kind: 'other', label: chosen.label } : { kind: chosen.kind };
    const order = orders.find((each) => each.id === what);
    setBusy(true);
    try {
      const taken = await payOnAccount(businessId, customer, {
        cents,
        tender: paid,
        ...(order ? { customer_order_id: order.id } : {}),
      });
      onTaken(
        ACCOUNT_PAYMENT_TEXT.taken(
          formatCents(cents),
          customer.name,
          order ? `the deposit on ${order.number || NOT_NUMBERED}` : 'their account',
          taken.shift_id !== undefined,
        ),
      );
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
      setBusy(false);
    }
  }

  return (
    <Modal
      title={ACCOUNT_PAYMENT_TEXT.title(customer.name)}
      onClose={onClose}
      size="small"
      footer={
        <DialogFooter
          confirmLabel={ACCOUNT_PAYMENT_TEXT.record}
          form={`${id}-form`}
          busy={busy}
          onCancel={onClose}
        />
      }
    >
      <form id={`${id}-form`} className="pos__payment-form" noValidate onSubmit={record}>
        <Field label={ACCOUNT_PAYMENT_TEXT.amount} id={`${id}-amount`} error={problem ?? undefined}>
          {(control) => (
            <MoneyInput
              {...control}
              autoFocus
              value={amount}
              onValueChange={(text) => {
                setAmount(text);
                setProblem(null);
              }}
            />
          )}
        </Field>
        {orders.length > 0 ? (
          <Field label={ACCOUNT_PAYMENT_TEXT.what} id={`${id}-what`}>
            {(control) => (
              <select
                {...control}
                className="field__input"
                value={what}
                onChange={(event) => setWhat(event.target.value)}
              >
                <option value="">{ACCOUNT_PAYMENT_TEXT.onAccount}</option>
                {orders.map((order) => (
                  <option key={order.id} value={order.id}>
                    {ACCOUNT_PAYMENT_TEXT.deposit(order.number || NOT_NUMBERED)}
                  </option>
                ))}
              </select>
            )}
          </Field>
        ) : null}
        <fieldset className="pos__tenders">
          <legend className="field__label">Paid by</legend>
          {choices.map((option, index) => (
            <label key={choiceKey(option)} className="pos__tender">
              <input
                type="radio"
                name={`${id}-tender`}
                checked={tender === index}
                onChange={() => setTender(index)}
              />
              {choiceLabel(option)}
            </label>
          ))}
        </fieldset>
      </form>
    </Modal>
  );
}
