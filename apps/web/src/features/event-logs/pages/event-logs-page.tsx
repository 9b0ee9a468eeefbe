import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import DownloadRounded from '@mui/icons-material/DownloadRounded';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { toast } from 'react-toastify';
import { PageContainer } from '../../../components/page-container';
import { PageHeader } from '../../../components/page-header';
import { errorText } from '../../../lib/api/api-error';
import { useDebounced } from '../../../lib/use-debounced';
import { useUrlFilters } from '../../../lib/use-url-filters';
import { selectToken } from '../../auth';
import { downloadEventLogsCsv, useEventLogsInfiniteQuery } from '../api/event-logs-api';
import {
  EventLogFilters,
  filterProblems,
  toQuery,
  trimmedDraft,
  ZFilterDraft,
  type FilterDraft,
} from '../components/event-log-filters';
import type { EventLogNames } from '../components/event-log-details';
import { EventLogTable } from '../components/event-log-table';

/** /eventlogs (directors and ADMIN): the audit trail, filtered, paged by cursor, exportable. */
export function EventLogsPage() {
  const { t } = useTranslation();
  const token = useSelector(selectToken);
  // Filters live in the URL like the desk's: a reload or a shared link keeps them.
  const [saved, saveFilters] = useUrlFilters(ZFilterDraft);
  const [draft, setDraft] = useState<FilterDraft>(saved);
  const debounced = useDebounced(draft);
  const problems = useMemo(() => filterProblems(debounced), [debounced]);
  const valid = Object.keys(problems).length === 0;
  // An invalid draft is shown under its fields and asks nothing of the server.
  const [filter, setFilter] = useState(() => toQuery(draft));
  useEffect(() => {
    if (!valid) return;
    setFilter(toQuery(debounced));
    saveFilters(trimmedDraft(debounced));
  }, [debounced, valid, saveFilters]);
  const { data, error, isFetching, hasNextPage, fetchNextPage, isFetchingNextPage } = useEventLogsInfiniteQuery(filter);
  const rows = useMemo(() => data?.pages.flatMap((p) => p.results) ?? [], [data]);
  // Each page names the records its rows point at.
  const names = useMemo<EventLogNames>(() => Object.assign({}, ...(data?.pages.map((p) => p.names) ?? [])), [data]);
  const [exporting, setExporting] = useState(false);
  // Same breakpoint as the data table's switch from cards to a table.
  const wide = useMediaQuery(useTheme().breakpoints.up('md'), { noSsr: true });

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadEventLogsCsv(filter, token);
    } catch (e) {
      toast.error(e instanceof Error ? e.message : String(e));
    } finally {
      setExporting(false);
    }
  };

  return (
    <PageContainer maxWidth="xl">
      <PageHeader
        title={t('eventLogs.title')}
        subtitle={t('eventLogs.subtitle')}
        actions={
          <Button
            variant="outlined"
            startIcon={<DownloadRounded />}
            onClick={() => void exportCsv()}
            disabled={exporting}
          >
            {t('eventLogs.export')}
          </Button>
        }
      />
      <EventLogFilters value={draft} onChange={setDraft} problems={filterProblems(draft)} />
      {/*
        Wide screens: the card is the list's own scroll box (both ways), never wider than the
        page nor taller than the window below the app header, with the table header stuck to
        its top; at its end the wheel scrolls the page on. Focusable and named so that
        keyboards can scroll it. Phones: the rows are cards already, so no frame.
      */}
      <Card
        variant="outlined"
        {...(wide ? { role: 'region', 'aria-label': t('eventLogs.title'), tabIndex: 0 } : {})}
        sx={{
          overflow: { xs: 'visible', md: 'auto' },
          maxHeight: { md: 'calc(100dvh - 80px - 32px)' },
          borderWidth: { xs: 0, md: 1 },
          bgcolor: { xs: 'transparent', md: 'background.paper' },
        }}
      >
        {isFetching && !isFetchingNextPage ? <LinearProgress aria-label={t('loader.loading')} /> : null}
        {error ? <Alert severity="error">{errorText(error)}</Alert> : null}
        {!error && data && rows.length === 0 ? (
          <Typography sx={{ p: 3 }} color="text.secondary">
            {t('eventLogs.empty')}
          </Typography>
        ) : (
          <EventLogTable rows={rows} names={names} stickyTop={0} />
        )}
        {hasNextPage ? (
          <Box sx={{ p: 2, display: 'flex', justifyContent: 'center' }}>
            <Button onClick={() => void fetchNextPage()} disabled={isFetchingNextPage}>
              {t('eventLogs.loadMore')}
            </Button>
          </Box>
        ) : null}
      </Card>
    </PageContainer>
  );
}

export default EventLogsPage;
