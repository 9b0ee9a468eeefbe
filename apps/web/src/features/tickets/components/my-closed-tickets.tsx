import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchField } from '../../../components/search-field';
import { useDebounced } from '../../../lib/use-debounced';
import { useTicketHistoryQuery } from '../api/tickets-api';
import { useFailureToast } from '../../../lib/api/use-failure-toast';
import { ownerTicketPath } from '../ticket-format';
import { TicketListItem } from './ticket-list-item';
import { ListPagination } from '../../../components/data-table';

const PAGE_SIZE = 10;

/** Home: the owner's closed tickets, searchable and paged (reopen from the thread within 7 days). */
export function MyClosedTickets() {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const query = useDebounced(search.trim());
  useEffect(() => setPage(1), [query]);
  const { data, error } = useTicketHistoryQuery({
    scope: 'mine',
    page,
    page_size: PAGE_SIZE,
    ...(query ? { search: query } : {}),
  });

  useFailureToast(error, 'my-closed-tickets-failed');

  // Nothing closed yet: no empty section on a newcomer's home.
  if (!data || (data.count === 0 && !query)) return null;
  const pages = Math.ceil(data.count / PAGE_SIZE);
  return (
    <Box component="section" aria-labelledby="closed-tickets-title" sx={{ mb: 4 }}>
      <Box
        sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 2, mb: 2 }}
      >
        <Typography id="closed-tickets-title" variant="h2" component="h2" sx={{ fontSize: '1.1rem' }}>
          {t('tickets.home.closedTitle')}
        </Typography>
        <SearchField
          label={t('tickets.home.search')}
          value={search}
          onChange={setSearch}
          sx={{ width: { xs: '100%', sm: 280 } }}
        />
      </Box>
      {data.results.length === 0 ? (
        <Typography color="text.secondary">{t('tickets.home.noMatch')}</Typography>
      ) : (
        <Stack component="ul" spacing={1.5} sx={{ p: 0, m: 0 }}>
          {data.results.map((ticket) => (
            <TicketListItem
              key={ticket.id}
              to={ownerTicketPath(ticket.id)}
              ticket={{ ...ticket, replies: ticket.reply_count, at: ticket.closed_at ?? ticket.updated_at }}
            />
          ))}
        </Stack>
      )}
      <ListPagination count={pages} page={page} onChange={setPage} />
    </Box>
  );
}
