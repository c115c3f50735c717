import { getRouteApi, useNavigate } from '@tanstack/react-router';
import {
  CustomersPage,
  type CustomersView,
} from '#features/customers/components/customers-page.tsx';

const route = getRouteApi('/signed-in/customers');

/** The search part of the address for a view: defaults left out, so a plain /customers stays so. */
const searchOf = (view: CustomersView) => ({
  q: view.q === '' ? undefined : view.q,
  sort: view.sort === 'name' ? undefined : view.sort,
  page: view.page === 1 ? undefined : view.page,
  customer: view.customer,
});

export function CustomersScreen() {
  const search = route.useSearch();
  const navigate = useNavigate();
  const view: CustomersView = {
    q: search.q ?? '',
    sort: search.sort ?? 'name',
    page: search.page ?? 1,
    customer: search.customer,
  };
  return (
    <CustomersPage
      view={view}
      onNavigate={(next, options) =>
        void navigate({ to: '/customers', search: searchOf(next), replace: options?.replace })
      }
    />
  );
}
