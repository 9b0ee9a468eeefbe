import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Typography from '@mui/material/Typography';
import type { TTicketPriority, TTicketStatus } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Bidi, BidiTrans } from '../../../components/bidi';
import { formatDateTime } from '../../../lib/format';
import { TicketPriorityChip, TicketStatusChip } from './ticket-chips';

export interface TicketListEntry {
  id: number;
  subject: string;
  department: string;
  status: TTicketStatus;
  priority: TTicketPriority;
  replies: number;
  /** Last activity (active tickets) or closing time (history). */
  at: string;
}

/** One ticket in the owner's lists: the whole card links to its thread. */
export function TicketListItem({ ticket, to }: { ticket: TicketListEntry; to: string }) {
  const { t } = useTranslation();
  return (
    <Card component="li" sx={{ listStyle: 'none' }}>
      <CardActionArea component={Link} to={to} sx={{ p: 2 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 0.5 }}>
          <Typography component="h3" sx={{ fontWeight: 600, flex: '1 1 240px', minWidth: 0 }} noWrap>
            <Box component="span" sx={{ color: 'text.secondary', fontWeight: 400, mr: 1 }}>
              <Bidi>#{ticket.id}</Bidi>
            </Box>
            <Bidi>{ticket.subject}</Bidi>
          </Typography>
          <TicketStatusChip status={ticket.status} />
          {ticket.priority === 'high' || ticket.priority === 'urgent' ? (
            <TicketPriorityChip priority={ticket.priority} />
          ) : null}
        </Box>
        <Typography variant="body2" color="text.secondary">
          <BidiTrans i18nKey="tickets.thread.toDesk" values={{ department: ticket.department }} /> ·{' '}
          {t('tickets.home.replies', { count: ticket.replies })} ·{' '}
          <Bidi>
            <time dateTime={ticket.at}>{formatDateTime(ticket.at)}</time>
          </Bidi>
        </Typography>
      </CardActionArea>
    </Card>
  );
}
