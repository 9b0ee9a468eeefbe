// The tickets feature's public surface: its registration for app/features.ts (pages and
// the desk lazy-loaded, separate chunks) and the home page's ticket lists.
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import { page, type WebFeature } from '../../lib/feature';
import { activeTicketSlice, selectUnseenDeskTickets } from './active-ticket.slice';
import { registerTicketListeners } from './tickets.listeners';
export { MyTickets } from './components/my-tickets';
export { MyClosedTickets } from './components/my-closed-tickets';

export const ticketsFeature = {
  name: 'tickets',
  routes: [
    { path: 'ticket/create', lazy: page(() => import('./pages/create-ticket-page'), 'CreateTicketPage') },
    { path: 'ticket/:ticketId', lazy: page(() => import('./pages/ticket-page'), 'TicketPage') },
    {
      path: 'dashboard',
      children: [
        { index: true, lazy: page(() => import('./desk/desk-page'), 'DeskPage') },
        { path: 'ticket/:ticketId', lazy: page(() => import('./pages/ticket-page'), 'DeskTicketPage') },
      ],
    },
  ],
  // New tickets on my desk beside Dashboard.
  nav: [{ to: '/dashboard', labelKey: 'nav.dashboard', icon: DashboardOutlined, badge: selectUnseenDeskTickets }],
  reducers: { activeTicket: activeTicketSlice.reducer },
  listeners: registerTicketListeners,
} satisfies WebFeature;
