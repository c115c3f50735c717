import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { InventoryReportPage } from '#features/reports/components/inventory-report-page.tsx';
import { ReportsOverview } from '#features/reports/components/reports-overview.tsx';
import { SalesReportPage } from '#features/reports/components/sales-report-page.tsx';

const salesRoute = getRouteApi('/signed-in/reports/sales');
const inventoryRoute = getRouteApi('/signed-in/reports/inventory');

export function ReportsScreen() {
  return <ReportsOverview />;
}

export function SalesReportScreen() {
  const search = salesRoute.useSearch();
  const navigate = useNavigate();
  return (
    <SalesReportPage
      asked={search}
      onAsk={(next) => void navigate({ to: '/reports/sales', search: next, replace: true })}
    />
  );
}

export function InventoryReportScreen() {
  const search = inventoryRoute.useSearch();
  const navigate = useNavigate();
  return (
    <InventoryReportPage
      asked={search}
      onAsk={(next) => void navigate({ to: '/reports/inventory', search: next, replace: true })}
    />
  );
}
