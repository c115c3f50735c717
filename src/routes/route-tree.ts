import { acceptInviteRoute } from './accept-invite.tsx';
import { alertsRoute } from './alerts.tsx';
import { apiExamplesRoute } from './api-examples.tsx';
import {
  businessProfileRoute,
  helpRoute,
  paymentSettingsRoute,
  settingsIndexRoute,
  teamRoute,
} from './business-settings.tsx';
import { calendarRoute } from './calendar.tsx';
import { customersRoute } from './customers.tsx';
import { dashboardRoute } from './dashboard.tsx';
import { indexRoute } from './index.tsx';
import { inventoryRoute } from './inventory.tsx';
import { loginRoute } from './login.tsx';
import { ordersRoute } from './orders.tsx';
import { posRoute } from './pos.tsx';
import { purchasingRoute } from './purchasing.tsx';
import {
  customerAnalyticsRoute,
  inventoryReportRoute,
  reportsRoute,
  salesReportRoute,
} from './reports.tsx';
import { resetPasswordRoute } from './reset-password.tsx';
import { rootRoute } from './root.tsx';
import { signedInRoute } from './signed-in.tsx';
import { upcomingScreenRoutes } from './upcoming-screens.tsx';

/** The route map of spec section 2. */
export const routeTree = rootRoute.addChildren([
  indexRoute,
  loginRoute,
  resetPasswordRoute,
  acceptInviteRoute,
  signedInRoute.addChildren([
    dashboardRoute,
    inventoryRoute,
    purchasingRoute,
    customersRoute,
    ordersRoute,
    calendarRoute,
    posRoute,
    alertsRoute,
    reportsRoute,
    salesReportRoute,
    inventoryReportRoute,
    customerAnalyticsRoute,
    apiExamplesRoute,
    teamRoute,
    businessProfileRoute,
    paymentSettingsRoute,
    settingsIndexRoute,
    helpRoute,
    ...upcomingScreenRoutes,
  ]),
]);
