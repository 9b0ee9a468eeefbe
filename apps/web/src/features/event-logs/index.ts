// The event-logs feature's public surface: only its registration for app/features.ts
// (its page is lazy-loaded, a route chunk of its own).
import ManageSearchOutlined from '@mui/icons-material/ManageSearchOutlined';
import { canViewEventLogs } from '@portal/contracts';
import { notForYou } from '../../components/not-for-you-page';
import { page, type WebFeature } from '../../lib/feature';

export const eventLogsFeature = {
  name: 'event-logs',
  routes: [
    {
      path: 'eventlogs',
      guard: { allow: canViewEventLogs, denied: notForYou('eventLogs.notForYouTitle', 'eventLogs.notForYouBody') },
      children: [{ index: true, lazy: page(() => import('./pages/event-logs-page'), 'EventLogsPage') }],
    },
  ],
  nav: [{ to: '/eventlogs', labelKey: 'nav.eventLogs', icon: ManageSearchOutlined, visible: canViewEventLogs }],
} satisfies WebFeature;
