import AddRounded from '@mui/icons-material/AddRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useActiveTicketsQuery } from '../api/tickets-api';
import { useFailureToast } from '../../../lib/api/use-failure-toast';
import { ownerTicketPath } from '../ticket-format';
import { TicketListItem } from './ticket-list-item';

/** Home: the caller's own active tickets (spec §2 '' route) and the way to raise one. */
export function MyTickets() {
  const { t } = useTranslation();
  const { data, error, isLoading, refetch } = useActiveTicketsQuery({ scope: 'mine' });

  useFailureToast(error, 'my-tickets-failed');

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
            <TicketListItem
              key={ticket.id}
              to={ownerTicketPath(ticket.id)}
              ticket={{
                ...ticket,
                replies: ticket.ticket_reply.length,
                at: ticket.ticket_reply.at(-1)?.created_at ?? ticket.created_at,
              }}
            />
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
