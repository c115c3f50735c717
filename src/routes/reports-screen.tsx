import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { ReportsOverview } from '#features/reports/components/reports-overview.tsx';
import { SalesReportPage } from '#features/reports/components/sales-report-page.tsx';

const salesRoute = getRouteApi('/signed-in/reports/sales');

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
