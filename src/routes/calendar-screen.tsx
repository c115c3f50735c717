import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { CalendarPage } from '#features/orders/components/calendar-page.tsx';

const route = getRouteApi('/signed-in/calendar');

export function CalendarScreen() {
  const search = route.useSearch();
  const navigate = useNavigate();
  return (
    <CalendarPage
      place={{ view: search.view ?? 'month', day: search.day }}
      onNavigate={(next) =>
        void navigate({
          to: '/calendar',
          search: { view: next.view === 'month' ? undefined : next.view, day: next.day },
        })
      }
    />
  );
}
