import AddRounded from '@mui/icons-material/AddRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TTicket } from '@portal/contracts';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { errorMessage } from '../../../lib/api/api-error';
import { translateServerText } from '../../../lib/i18n/i18n';
import { useActiveTicketsQuery } from '../api/tickets-api';
import { ownerTicketPath } from '../ticket-format';
import { TicketPriorityChip, TicketStatusChip } from './ticket-chips';

function TicketRow({ ticket }: { ticket: TTicket }) {
  const { t, i18n } = useTranslation();
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const last = ticket.ticket_reply.at(-1);
  return (
    <Card component="li" sx={{ listStyle: 'none' }}>
      <CardActionArea component={Link} to={ownerTicketPath(ticket.id)} sx={{ p: 2 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 0.5 }}>
          <Typography component="h3" sx={{ fontWeight: 600, flex: '1 1 240px', minWidth: 0 }} noWrap>
            <Box component="span" sx={{ color: 'text.secondary', fontWeight: 400, mr: 1 }}>
              #{ticket.id}
            </Box>
            {ticket.subject}
          </Typography>
          <TicketStatusChip status={ticket.status} />
          {ticket.priority === 'high' || ticket.priority === 'urgent' ? (
            <TicketPriorityChip priority={ticket.priority} />
          ) : null}
        </Box>
        <Typography variant="body2" color="text.secondary">
          {t('tickets.thread.toDesk', { department: ticket.department })} ·{' '}
          {t('tickets.home.replies', { count: ticket.ticket_reply.length })} ·{' '}
          <time dateTime={last?.created_at ?? ticket.created_at}>
            {time.format(new Date(last?.created_at ?? ticket.created_at))}
          </time>
        </Typography>
      </CardActionArea>
    </Card>
  );
}

/** Home: the caller's own active tickets (spec §2 '' route) and the way to raise one. */
export function MyTickets() {
  const { t } = useTranslation();
  const { data, error, isLoading, refetch } = useActiveTicketsQuery({ scope: 'mine' });

  // Spec §8: an active-ticket fetch failure is an error toast with the error's message.
  useEffect(() => {
    if (error) toast.error(translateServerText(errorMessage(error)), { toastId: 'my-tickets-failed' });
  }, [error]);

  return (
    <Box component="section" aria-labelledby="my-tickets-title" sx={{ mb: 4 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, mb: 2 }}>
        <Typography id="my-tickets-title" variant="h2" component="h2" sx={{ fontSize: '1.1rem' }}>
          {t('tickets.home.title')}
        </Typography>
        <Button component={Link} to="/ticket/create" variant="contained" startIcon={<AddRounded />}>
          {t('tickets.home.newTicket')}
        </Button>
      </Box>
      {isLoading ? (
        <Stack spacing={1.5}>
          <Skeleton variant="rounded" height={72} />
          <Skeleton variant="rounded" height={72} />
        </Stack>
      ) : error ? (
        <Button onClick={() => void refetch()}>{t('errors.retry')}</Button>
      ) : data && data.tickets.length > 0 ? (
        <Stack component="ul" spacing={1.5} sx={{ p: 0, m: 0 }}>
          {data.tickets.map((ticket) => (
            <TicketRow key={ticket.id} ticket={ticket} />
          ))}
        </Stack>
      ) : (
        <Card variant="outlined" sx={{ p: 3, textAlign: 'center', borderStyle: 'dashed' }}>
          <Typography sx={{ fontWeight: 600 }}>{t('tickets.home.empty')}</Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {t('tickets.home.emptyHint')}
          </Typography>
        </Card>
      )}
    </Box>
  );
}
