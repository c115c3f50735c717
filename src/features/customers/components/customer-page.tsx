import type { ReactNode } from 'react';
import { useWaitingCustomerChanges } from '#data/hooks/use-customers.ts';
import { useCan } from '#data/hooks/use-permissions.ts';
import type { Customer } from '#domains/customers/customer.ts';
import { CUSTOMERS_TEXT } from '../customers-text.ts';
import { CustomerAccount } from './customer-account.tsx';
import { calendarDayText, momentDayText } from './customer-format.ts';
import { CustomerMerge } from './customer-merge.tsx';
import { CustomerPrivacy } from './customer-privacy.tsx';
import { CustomerPurchases } from './customer-purchases.tsx';
import { CustomerTags } from './customer-tags.tsx';

/** One customer: their details, and whether a change made here is still on its way. */
export function CustomerPage({
  customer,
  canEdit,
  onEdit,
  onBack,
}: {
  customer: Customer | undefined;
  canEdit: boolean;
  onEdit: () => void;
  onBack: () => void;
}) {
  const back = (
    <button type="button" className="button button--secondary" onClick={onBack}>
      {CUSTOMERS_TEXT.allCustomers}
    </button>
  );
  if (!customer) {
    return (
      <section className="card customer-card" aria-label={CUSTOMERS_TEXT.title}>
        <p className="customer-empty">{CUSTOMERS_TEXT.notFound}</p>
        <div>{back}</div>
      </section>
    );
  }
  return <CustomerDetails customer={customer} canEdit={canEdit} onEdit={onEdit} back={back} />;
}

function CustomerDetails({
  customer,
  canEdit,
  onEdit,
  back,
}: {
  customer: Customer;
  canEdit: boolean;
  onEdit: () => void;
  back: ReactNode;
}) {
  const waiting = useWaitingCustomerChanges(customer.id) ?? [];
  const canManagePrivacy = useCan('customers.privacy');
  const erased = Boolean(customer.erased_at);
  const refused = waiting.some((entry) => entry.state === 'needs-attention');
  const facts: [string, ReactNode][] = [
    ['Email', customer.email ?? '—'],
    ['Phone', customer.phone ?? '—'],
    ['Birthday', customer.birthday ? calendarDayText(customer.birthday) : '—'],
    [
      'Marketing',
      customer.marketing_consent
        ? CUSTOMERS_TEXT.consentSince(calendarDayText(customer.marketing_consent))
        : CUSTOMERS_TEXT.noConsent,
    ],
    ['Member number', customer.member_number ?? '—'],
    ['Tags', <CustomerTags key="tags" tags={customer.tags} />],
    ['Customer since', momentDayText(customer.created_at)],
  ];
  return (
    <section className="card customer-card" aria-labelledby="customer-title">
      <div className="customer-card__header">
        <h2 id="customer-title" className="customer-card__title">
          {customer.name}
        </h2>
        <div className="customer-card__actions">
          {back}
          {canEdit && !erased ? (
            <button type="button" className="button button--primary" onClick={onEdit}>
              {CUSTOMERS_TEXT.editCustomer}
            </button>
          ) : null}
        </div>
      </div>
      {customer.erased_at ? (
        <p className="customer-note" role="status">
          {CUSTOMERS_TEXT.erasedOn(momentDayText(customer.erased_at))}
        </p>
      ) : null}
      {waiting.length > 0 ? (
        <p className={`customer-note${refused ? ' customer-note--warning' : ''}`} role="status">
          {refused ? CUSTOMERS_TEXT.refused : CUSTOMERS_TEXT.waiting}
        </p>
      ) : null}
      <dl className="facts">
        {facts.map(([label, value]) => (
          <div key={label} className="facts__row">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {customer.address ? (
        <div className="customer-block">
          <h3 className="customer-card__subtitle">Address</h3>
          <p className="customer-text">{customer.address}</p>
        </div>
      ) : null}
      {customer.notes ? (
        <div className="customer-block">
          <h3 className="customer-card__subtitle">Notes</h3>
          <p className="customer-text">{customer.notes}</p>
        </div>
      ) : null}
      <CustomerPurchases customerId={customer.id} name={customer.name} />
      <CustomerAccount customer={customer} />
      {canManagePrivacy && !erased ? <CustomerMerge customer={customer} /> : null}
      {canManagePrivacy ? <CustomerPrivacy customer={customer} /> : null}
    </section>
  );
}
