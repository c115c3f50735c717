import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { CustomerAnalyticsPage } from '#features/reports/components/customer-analytics-page.tsx';
import { InventoryReportPage } from '#features/reports/components/inventory-report-page.tsx';
import { ReportsOverview } from '#features/reports/components/reports-overview.tsx';
import { SalesReportPage } from '#features/reports/components/sales-report-page.tsx';

const salesRoute = getRouteApi('/signed-in/reports/sales');
const inventoryRoute = getRouteApi('/signed-in/reports/inventory');
const analyticsRoute = getRouteApi('/signed-in/reports/analytics');

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

export function CustomerAnalyticsScreen() {
  const search = analyticsRoute.useSearch();
  const navigate = useNavigate();
  return (
    <CustomerAnalyticsPage
      asked={search}
      onAsk={(next) => void navigate({ to: '/reports/analytics', search: next, replace: true })}
    />
  );
}
