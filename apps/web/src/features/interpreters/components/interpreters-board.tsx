import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import MuiLink from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { canSeeInterpreters, canUseWfm, type TInterpreter } from '@portal/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { Link } from 'react-router';
import { Bidi } from '../../../components/bidi';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { SearchField } from '../../../components/search-field';
import { SectionCard } from '../../../components/section-card';
import { UserAvatar } from '../../../components/user-avatar';
import { formatMinutes, formatNumber, formatTime } from '../../../lib/format';
import { selectCurrentUser } from '../../auth';
import { useInterpreterBoardQuery } from '../api/interpreters-api';
import { selectInterpreters, uncountedMinutes } from '../interpreters.slice';
import { boardRows, interpreterName, pairCounts, teamsOf } from './board-model';
import { FollowButton, NotifySwitch } from './follow-controls';
import { PresenceStatus } from './presence-status';
import { useBoardFilters } from './use-board-filters';
import { useMinuteClock } from '../../../lib/use-minute-clock';
import { LoadFailedAlert } from '../../../components/load-failed-alert';
import { languagePairName, teamName } from '../../../lib/i18n/local-name';

function StatusText({ interpreter, clock }: { interpreter: TInterpreter; clock: (iso: string) => string }) {
  const { t } = useTranslation();
  const { online, online_since } = interpreter.profile;
  return (
    <PresenceStatus
      online={online}
      label={
        online && online_since
          ? t('interpreters.onlineSince', { time: clock(online_since) })
          : t('interpreters.offline')
      }
    />
  );
}

/** The interpreters board on home, for those who may see interpreters (others: nothing, and no request). */
export function InterpretersBoard() {
  const user = useSelector(selectCurrentUser);
  return canSeeInterpreters(user) ? <Board wfm={canUseWfm(user)} /> : null;
}

/**
 * The board: online per language pair, search and filters, online first, each
 * row's status updating live from the slice (spec §3/§4), follow. Names link to the WFM
 * page for those who use it.
 */
function Board({ wfm }: { wfm: boolean }) {
  const { t, i18n } = useTranslation();
  const { byUsername, countedUntil } = useSelector(selectInterpreters);
  // Mounting reads the board afresh: the slice then follows the frames.
  const { isLoading, error, refetch } = useInterpreterBoardQuery(undefined, { refetchOnMountOrArgChange: true });
  const [filters, setFilters] = useBoardFilters();
  const now = useMinuteClock();

  const list = useMemo(() => Object.values(byUsername), [byUsername]);
  const pairs = useMemo(() => pairCounts(list), [list]);
  const teams = useMemo(() => teamsOf(list, i18n.language), [list, i18n.language]);
  const rows = useMemo(
    () => boardRows(list, filters, new Intl.Collator(i18n.language, { sensitivity: 'base' })),
    [list, filters, i18n.language],
  );
  // The time alone, in the portal's one family of formats (re-read on each render, so a language switch shows).
  const clock = formatTime;
  const minutesToday = (i: TInterpreter) =>
    i.profile.online_minutes_today + uncountedMinutes(i, countedUntil[i.username], now);

  const columns: DataTableColumn<TInterpreter>[] = [
    {
      key: 'name',
      label: 'interpreters.columns.name',
      placement: 'primary',
      sortValue: interpreterName,
      cell: (i) => (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minWidth: 0 }}>
          <UserAvatar user={{ ...i, avatar: '' }} size={32} />
          <Box sx={{ minWidth: 0 }}>
            {wfm ? (
              <MuiLink component={Link} to={`/wfm/${encodeURIComponent(i.username)}`} sx={{ fontWeight: 600 }}>
                <Bidi>{interpreterName(i)}</Bidi>
              </MuiLink>
            ) : (
              <Typography component="span" sx={{ fontWeight: 600 }}>
                <Bidi>{interpreterName(i)}</Bidi>
              </Typography>
            )}
            <Typography variant="body2" color="text.secondary" sx={{ fontWeight: 400 }}>
              <Bidi>@{i.username}</Bidi>
            </Typography>
          </Box>
        </Box>
      ),
    },
    {
      key: 'status',
      label: 'interpreters.columns.status',
      placement: 'secondary',
      // Wide: the time online today under the status (phones list it as its own line).
      cell: (i) => (
        <>
          <StatusText interpreter={i} clock={clock} />
          <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
            {t('interpreters.columns.today')} <Bidi>{formatMinutes(minutesToday(i))}</Bidi>
          </Typography>
        </>
      ),
      cardCell: (i) => <StatusText interpreter={i} clock={clock} />,
    },
    {
      key: 'today',
      label: 'interpreters.columns.today',
      cardOnly: true,
      sortValue: minutesToday,
      cell: (i) => <Bidi>{formatMinutes(minutesToday(i))}</Bidi>,
    },
    {
      key: 'languages',
      label: 'interpreters.columns.languages',
      cell: (i) =>
        i.profile.languages.length ? (
          <Box component="span" sx={{ display: 'inline-flex', flexWrap: 'wrap', gap: 0.5 }}>
            {i.profile.languages.map((l) => (
              <Chip key={l} size="small" variant="outlined" label={<Bidi>{languagePairName(l)}</Bidi>} />
            ))}
          </Box>
        ) : (
          t('interpreters.none')
        ),
    },
    {
      key: 'team',
      label: 'interpreters.columns.team',
      sortValue: (i) => teamName(i.profile),
      // Wide: the extension under the team (phones list it as its own line).
      cell: (i) => (
        <>
          {i.profile.team ? <Bidi>{teamName(i.profile)}</Bidi> : t('interpreters.none')}
          {i.profile.extension ? (
            <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
              {t('interpreters.columns.extension')} <Bidi>{i.profile.extension}</Bidi>
            </Typography>
          ) : null}
        </>
      ),
      cardCell: (i) => (i.profile.team ? <Bidi>{teamName(i.profile)}</Bidi> : t('interpreters.none')),
    },
    {
      key: 'extension',
      label: 'interpreters.columns.extension',
      cardOnly: true,
      cell: (i) => (i.profile.extension ? <Bidi>{i.profile.extension}</Bidi> : t('interpreters.none')),
    },
    {
      key: 'followers',
      label: 'interpreters.columns.followers',
      align: 'right',
      sortValue: (i) => i.profile.followers,
      cell: (i) => formatNumber(i.profile.followers),
    },
  ];

  return (
    <Box sx={{ mb: 4 }}>
      <SectionCard title={t('interpreters.title')} hint={t('interpreters.hint')}>
        {pairs.length ? (
          <Box
            component="ul"
            aria-label={t('interpreters.pairsLabel')}
            sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, p: 0, m: 0, mb: 2, listStyle: 'none' }}
          >
            {pairs.map((p) => (
              <li key={p.key}>
                <Chip
                  color={p.online ? 'success' : 'default'}
                  variant={p.online ? 'filled' : 'outlined'}
                  label={
                    <>
                      <Bidi>{p.label}</Bidi> {t('interpreters.onlineCount', { count: p.online })}
                    </>
                  }
                />
              </li>
            ))}
          </Box>
        ) : null}
        <Box
          sx={{
            display: 'grid',
            gap: 1.5,
            mb: 2,
            alignItems: 'center',
            gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: '2fr 1fr 1fr auto' },
          }}
        >
          <SearchField
            label={t('interpreters.search')}
            value={filters.search}
            onChange={(search) => setFilters({ search })}
          />
          <TextField
            select
            size="small"
            label={t('interpreters.pair')}
            value={pairs.some((p) => p.key === filters.pair) ? filters.pair : ''}
            onChange={(e) => setFilters({ pair: e.target.value })}
          >
            <MenuItem value="">{t('interpreters.allPairs')}</MenuItem>
            {pairs.map((p) => (
              <MenuItem key={p.key} value={p.key}>
                <Bidi>{p.label}</Bidi>
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            label={t('interpreters.team')}
            value={teams.some((x) => x.team === filters.team) ? filters.team : ''}
            onChange={(e) => setFilters({ team: e.target.value })}
          >
            <MenuItem value="">{t('interpreters.allTeams')}</MenuItem>
            {teams.map((x) => (
              <MenuItem key={x.team} value={x.team}>
                <Bidi>{teamName(x, i18n.language)}</Bidi>
              </MenuItem>
            ))}
          </TextField>
          <FormControlLabel
            sx={{ m: 0 }}
            control={
              <Switch checked={filters.onlineOnly} onChange={(e) => setFilters({ onlineOnly: e.target.checked })} />
            }
            label={t('interpreters.onlineOnly')}
          />
        </Box>
        <NotifySwitch />
        <LoadFailedAlert title={t('interpreters.loadFailed')} error={error} onRetry={() => void refetch()} />
        {/* Between tablet and laptop widths the table may be wider than the card: it scrolls, the page does not. */}
        <Box sx={{ overflowX: 'auto' }}>
          <DataTable
            rows={rows}
            columns={columns}
            rowKey={(i) => i.username}
            label={t('interpreters.tableLabel')}
            loading={isLoading}
            emptyText={list.length ? t('interpreters.noMatch') : t('interpreters.empty')}
            stickyTop={0}
            actionsLabel={t('interpreters.columns.follow')}
            actions={(i) => <FollowButton interpreter={i} />}
          />
        </Box>
      </SectionCard>
    </Box>
  );
}
