import ChevronLeftRounded from '@mui/icons-material/ChevronLeftRounded';
import ChevronRightRounded from '@mui/icons-material/ChevronRightRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import type { Theme } from '@mui/material/styles';
import { canSeeItBoard, type TItDay } from '@portal/contracts';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { Link as RouterLink, useParams } from 'react-router';
import { z } from 'zod';
import { Bidi } from '../../../components/bidi';
import { DateField, DatesProvider } from '../../../components/date-fields';
import { NotFoundPage } from '../../../components/not-found-page';
import { PageContainer } from '../../../components/page-container';
import { PageHeader } from '../../../components/page-header';
import { TeacupLoader } from '../../../components/teacup-loader';
import { errorText } from '../../../lib/api/api-error';
import { useUrlFilters } from '../../../lib/use-url-filters';
import { selectCurrentUser } from '../../auth';
import { useItDayQuery } from '../api/it-api';
import { isIsoDate, shiftDay, todayIso } from '../components/day/day-format';
import { DayView } from '../components/day/day-view';
import { ItStatusChip } from '../components/board/it-status-chip';

// The arrows point along the reading direction: back in time is left, right in Arabic.
const flipInRtl = (theme: Theme) => (theme.direction === 'rtl' ? { transform: 'scaleX(-1)' } : {});

/**
 * Each machine's state now, as the board has it (the server's one account of it: a silent
 * agent is offline from its last sign of life), not a guess from the timeline's last stretch.
 */
function MachinesNow({ day }: { day: TItDay }) {
  const { t } = useTranslation();
  if (day.machines.length === 0) return null;
  return (
    <Box
      component="ul"
      aria-label={t('it.day.machinesNow')}
      data-testid="day-status"
      sx={{ m: 0, p: 0, listStyle: 'none', display: 'flex', flexWrap: 'wrap', gap: 2 }}
    >
      {day.machines.map((m) => (
        <Box component="li" key={m.agent_id} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Typography variant="body2" component="span" sx={{ fontWeight: 600 }}>
            <Bidi dir="ltr">{m.hostname}</Bidi>
          </Typography>
          <ItStatusChip status={m.status} since={m.status_since} now={Date.now()} />
        </Box>
      ))}
    </Box>
  );
}

/** The shown day, `?date=` (today without it). */
const ZDay = z.object({ date: z.string().refine(isIsoDate).optional().catch(undefined) });

/** /it/{username}: one user's day (own data always; anyone else's when the rules allow, else not found). */
export function ItUserPage() {
  const { t } = useTranslation();
  const { slug = '' } = useParams();
  const me = useSelector(selectCurrentUser);
  const [{ date }, patch] = useUrlFilters(ZDay);
  const { data, error, isFetching, isLoading } = useItDayQuery({ username: slug, date });

  if (error && 'status' in error && error.status === 404) return <NotFoundPage />;

  const day = data?.date ?? date ?? todayIso();
  const today = todayIso();
  const goTo = (next: string) => patch({ date: next === today ? undefined : next });
  const name = data ? `${data.first_name} ${data.last_name}`.trim() || data.username : slug;

  return (
    <PageContainer maxWidth="xl">
      <PageHeader
        title={t('it.day.pageTitle', { name })}
        subtitle={<Bidi>@{slug}</Bidi>}
        actions={
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
            {data && day === today ? <MachinesNow day={data} /> : null}
            {canSeeItBoard(me) ? (
              <Link component={RouterLink} to="/it">
                {t('it.day.back')}
              </Link>
            ) : null}
          </Box>
        }
      />
      <DatesProvider>
        <Box
          role="group"
          aria-label={t('it.day.chooseDay')}
          sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 3 }}
        >
          <IconButton onClick={() => goTo(shiftDay(day, -1))} aria-label={t('it.day.previousDay')}>
            <ChevronLeftRounded sx={flipInRtl} />
          </IconButton>
          <DateField name="date" label={t('it.day.date')} value={day} onChange={(iso) => iso && goTo(iso)} compact />
          <IconButton onClick={() => goTo(shiftDay(day, 1))} disabled={day >= today} aria-label={t('it.day.nextDay')}>
            <ChevronRightRounded sx={flipInRtl} />
          </IconButton>
        </Box>
      </DatesProvider>
      {error ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {errorText(error)}
        </Alert>
      ) : null}
      {isLoading ? <TeacupLoader /> : null}
      {isFetching && !isLoading ? <LinearProgress aria-label={t('loader.loading')} sx={{ mb: 2 }} /> : null}
      {data ? <DayView day={data} /> : null}
    </PageContainer>
  );
}

export default ItUserPage;
