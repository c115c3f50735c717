import { useMemo, useState } from 'react';
import { useCustomers } from '#data/hooks/use-customers.ts';
import { useCan } from '#data/hooks/use-permissions.ts';
import type { Customer } from '#domains/customers/customer.ts';
import {
  CUSTOMER_SORT_LABELS,
  CUSTOMER_SORTS,
  CUSTOMERS_PAGE_SIZE,
  type CustomerSort,
  customerPage,
  sortCustomers,
} from '#domains/customers/customer-list.ts';
import { PageHeader } from '#ui/page-header.tsx';
import { PageSpinner } from '#ui/spinner.tsx';
import { CUSTOMERS_TEXT } from '../customers-text.ts';
import { CustomerForm } from './customer-form.tsx';
import { momentDayText } from './customer-format.ts';
import { CustomerPage } from './customer-page.tsx';
import { CustomerTags } from './customer-tags.tsx';
import './customers.css';

/** Where the screen is: the list's query, order and page, or a customer open. */
export interface CustomersView {
  q: string;
  sort: CustomerSort;
  page: number;
  customer?: string | undefined;
}

/**
 * Customers (beyond the spec's prototype; README, "Customers"): every customer of the business
 * is kept on the device through the pull, so the list searches, sorts and pages here, offline
 * too, and a customer made or changed here shows at once.
 */
export function CustomersPage({
  view,
  onNavigate,
}: {
  view: CustomersView;
  onNavigate: (view: CustomersView, options?: { replace?: boolean }) => void;
}) {
  const customers = useCustomers();
  const canEdit = useCan('customers.edit');
  const [editing, setEditing] = useState<Customer | 'new' | null>(null);
  const sorted = useMemo(
    () => (customers ? sortCustomers(customers, view.sort) : undefined),
    [customers, view.sort],
  );
  const shown = useMemo(
    () => (sorted ? customerPage(sorted, { query: view.q, page: view.page }) : undefined),
    [sorted, view.q, view.page],
  );
  const open = (id: string) => {
    setEditing(null);
    onNavigate({ ...view, customer: id });
  };

  const form =
    editing === null || customers === undefined ? null : (
      <CustomerForm
        customer={editing === 'new' ? null : editing}
        customers={customers}
        onClose={() => setEditing(null)}
        onOpen={open}
      />
    );
  const addButton = canEdit ? (
    <button type="button" className="button button--primary" onClick={() => setEditing('new')}>
      {CUSTOMERS_TEXT.addCustomer}
    </button>
  ) : null;

  if (customers === undefined || shown === undefined) {
    return (
      <>
        <PageHeader title={CUSTOMERS_TEXT.title} subtitle={CUSTOMERS_TEXT.subtitle} />
        <PageSpinner />
      </>
    );
  }

  if (view.customer !== undefined) {
    const customer = customers.find((entry) => entry.id === view.customer);
    return (
      <>
        <PageHeader title={CUSTOMERS_TEXT.title} subtitle={CUSTOMERS_TEXT.subtitle} />
        <CustomerPage
          customer={customer}
          canEdit={canEdit}
          onEdit={() => customer && setEditing(customer)}
          onBack={() => onNavigate({ ...view, customer: undefined })}
        />
        {form}
      </>
    );
  }

  const first = (shown.page - 1) * CUSTOMERS_PAGE_SIZE + 1;
  const last = first + shown.rows.length - 1;
  const go = (page: number) => onNavigate({ ...view, page });
  return (
    <>
      <PageHeader
        title={CUSTOMERS_TEXT.title}
        subtitle={CUSTOMERS_TEXT.subtitle}
        actions={addButton}
      />
      <section className="card customers-list" aria-label={CUSTOMERS_TEXT.title}>
        <div className="customers-toolbar">
          <label className="customers-toolbar__search">
            <span className="visually-hidden">{CUSTOMERS_TEXT.search}</span>
            <input
              type="search"
              className="field__input"
              placeholder={CUSTOMERS_TEXT.searchPlaceholder}
              value={view.q}
              onChange={(event) =>
                onNavigate({ ...view, q: event.target.value, page: 1 }, { replace: true })
              }
            />
          </label>
          <label className="customers-toolbar__sort">
            <span>{CUSTOMERS_TEXT.sort}</span>
            <select
              className="field__input"
              value={view.sort}
              onChange={(event) =>
                onNavigate({ ...view, sort: event.target.value as CustomerSort, page: 1 })
              }
            >
              {CUSTOMER_SORTS.map((sort) => (
                <option key={sort} value={sort}>
                  {CUSTOMER_SORT_LABELS[sort]}
                </option>
              ))}
            </select>
          </label>
        </div>
        {customers.length === 0 ? (
          <p className="customer-empty">{CUSTOMERS_TEXT.noCustomers}</p>
        ) : shown.found === 0 ? (
          <p className="customer-empty" role="status">
            {CUSTOMERS_TEXT.noMatch(view.q.trim())}
          </p>
        ) : (
          <>
            <div className="detail-table-wrap">
              <table className="detail-table customers-table">
                <thead>
                  <tr>
                    <th scope="col">Name</th>
                    <th scope="col">Email</th>
                    <th scope="col">Phone</th>
                    <th scope="col">Tags</th>
                    <th scope="col">Customer since</th>
                  </tr>
                </thead>
                <tbody>
                  {shown.rows.map((customer) => (
                    <tr key={customer.id}>
                      <td>
                        <button
                          type="button"
                          className="button button--link customers-table__name"
                          onClick={() => open(customer.id)}
                        >
                          {customer.name}
                        </button>
                      </td>
                      <td>{customer.email ?? '—'}</td>
                      <td>{customer.phone ?? '—'}</td>
                      <td>
                        <CustomerTags tags={customer.tags} />
                      </td>
                      <td>{momentDayText(customer.created_at)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <nav className="customers-pager" aria-label="Pages">
              <span role="status">{CUSTOMERS_TEXT.showing(first, last, shown.found)}</span>
              <div className="customers-pager__buttons">
                <button
                  type="button"
                  className="button button--secondary"
                  disabled={shown.page <= 1}
                  onClick={() => go(shown.page - 1)}
                >
                  {CUSTOMERS_TEXT.previous}
                </button>
                <span>{CUSTOMERS_TEXT.page(shown.page, shown.pages)}</span>
                <button
                  type="button"
                  className="button button--secondary"
                  disabled={shown.page >= shown.pages}
                  onClick={() => go(shown.page + 1)}
                >
                  {CUSTOMERS_TEXT.next}
                </button>
              </div>
            </nav>
          </>
        )}
      </section>
      {form}
    </>
  );
}
