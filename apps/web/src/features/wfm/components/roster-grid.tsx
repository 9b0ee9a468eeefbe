import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import AddRounded from '@mui/icons-material/AddRounded';
import type { TShift } from '@portal/contracts';
import { useMemo, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Bidi } from '../../../components/bidi';
import { formatCalendarDate, personName } from '../../../lib/format';
import { teamName } from '../../../lib/i18n/local-name';
import type { RosterPerson } from './shift-dialog';
import { ShiftTimes } from './wfm-chips';

/** The drag's payload type: a shift id, only among the roster's own cells. */
const DRAG_TYPE = 'application/x-portal-shift';

const timesOf = (s: Pick<TShift, 'start' | 'end'>) => `${s.start}–${s.end}`;

/**
 * The roster: people (grouped by team) × the week's days, each cell listing that day's
 * shifts as chips in time order. Planners click an empty part of a cell (or its + button)
 * to add a shift there, click a chip to edit, move or delete it, and drag a chip to another
 * cell to move it. A real table: row and column headers name each cell for screen readers;
 * it scrolls inside its own box on narrow screens, the names staying in view. On a phone
 * (below md) the week reads as a list of days instead (`RosterDays`): seven columns do not
 * fit 360 px, and scrolling a grid in both directions inside a box is hard with a thumb.
 */
export function RosterGrid(props: RosterProps) {
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  return wide ? <RosterTable {...props} /> : <RosterDays {...props} />;
}

interface RosterProps {
  days: readonly string[];
  today: string;
  people: readonly RosterPerson[];
  shifts: readonly TShift[];
  planner: boolean;
  onAdd: (username: string, date: string) => void;
  onEdit: (shift: TShift) => void;
  onMove: (shift: TShift, username: string, date: string) => void;
}

/** People on the roster and anyone with a shift who no longer is (without a team). */
function everyone(people: readonly RosterPerson[], shifts: readonly TShift[]): RosterPerson[] {
  const all = [...people];
  for (const s of shifts) {
    if (!all.some((p) => p.username === s.username)) all.push({ ...s, team: '' });
  }
  return all;
}

function byStart(shifts: readonly TShift[]): TShift[] {
  return [...shifts].sort((a, b) => a.starts_at.localeCompare(b.starts_at));
}

/**
 * The phone's roster: one section per day of the week (today marked), each listing that
 * day's shifts in time order with who works them; planners tap a shift to edit, move or
 * delete it, and "Add a shift" to add one on that day.
 */
function RosterDays({ days, today, people, shifts, planner, onAdd, onEdit }: RosterProps) {
  const { t } = useTranslation();
  const names = useMemo(
    () => new Map(everyone(people, shifts).map((p) => [p.username, personName(p)])),
    [people, shifts],
  );
  return (
    <Box
      component="ol"
      aria-label={t('wfm.roster.dayList')}
      sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}
    >
      {days.map((d) => {
        const date = formatCalendarDate(d, 'date');
        const list = byStart(shifts.filter((s) => s.date === d));
        const headingId = `roster-day-${d}`;
        return (
          <Card
            component="li"
            key={d}
            variant="outlined"
            aria-labelledby={headingId}
            aria-current={d === today ? 'date' : undefined}
            data-testid={`roster-day-${d}`}
            sx={d === today ? { borderColor: 'primary.main', borderWidth: 2 } : undefined}
          >
            <CardContent sx={{ py: 1.5, '&:last-child': { pb: 1.5 } }}>
              <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, flexWrap: 'wrap', mb: 1 }}>
                <Typography component="h3" id={headingId} sx={{ fontWeight: 600 }}>
                  <time dateTime={d}>
                    {formatCalendarDate(d, 'weekday')} {formatCalendarDate(d, 'dayMonth')}
                  </time>
                </Typography>
                {d === today ? (
                  <Typography component="span" variant="caption" sx={{ color: 'primary.main', fontWeight: 600 }}>
                    {t('wfm.roster.today')}
                  </Typography>
                ) : null}
                <Typography component="span" variant="body2" color="text.secondary" sx={{ marginInlineStart: 'auto' }}>
                  {t('wfm.roster.shiftCount', { count: list.length })}
                </Typography>
              </Box>
              {list.length > 0 ? (
                <Box
                  component="ul"
                  aria-label={t('wfm.roster.dayShifts', { date })}
                  sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 0.75 }}
                >
                  {list.map((s) => {
                    const name = names.get(s.username) ?? s.username;
                    return (
                      <Box
                        component="li"
                        key={s.id}
                        data-testid="roster-day-shift"
                        sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}
                      >
                        <Chip
                          size="small"
                          variant="outlined"
                          color="primary"
                          label={<ShiftTimes shift={s} />}
                          title={s.note || undefined}
                          {...(planner
                            ? {
                                onClick: () => onEdit(s),
                                'aria-label': t('wfm.roster.chip', { times: timesOf(s), name, date }),
                              }
                            : {})}
                        />
                        <Typography
                          variant="body2"
                          sx={{ minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
                        >
                          <Bidi>{name}</Bidi>
                        </Typography>
                      </Box>
                    );
                  })}
                </Box>
              ) : (
                <Typography variant="body2" color="text.secondary">
                  {t('wfm.roster.noShifts')}
                </Typography>
              )}
              {planner ? (
                <Button
                  size="small"
                  startIcon={<AddRounded />}
                  onClick={() => onAdd('', d)}
                  aria-label={t('wfm.roster.addOn', { date })}
                  sx={{ mt: 1 }}
                >
                  {t('wfm.schedule.add')}
                </Button>
              ) : null}
            </CardContent>
          </Card>
        );
      })}
    </Box>
  );
}

function RosterTable({ days, today, people, shifts, planner, onAdd, onEdit, onMove }: RosterProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const [dropAt, setDropAt] = useState<string | null>(null);

  const byCell = useMemo(() => {
    const map = new Map<string, TShift[]>();
    for (const s of byStart(shifts)) {
      const key = `${s.username}\n${s.date}`;
      map.set(key, [...(map.get(key) ?? []), s]);
    }
    return map;
  }, [shifts]);

  const groups = useMemo(() => {
    // Grouped by the team's English name (what is stored), each group named in the page's language.
    const teams = new Map<string, { name: string; members: RosterPerson[] }>();
    for (const p of everyone(people, shifts)) {
      const key = p.team.trim();
      const group = teams.get(key) ?? {
        name: key ? teamName({ team: key, team_ar: p.team_ar }, language) : '',
        members: [],
      };
      group.members.push(p);
      teams.set(key, group);
    }
    return [...teams.values()]
      .sort((a, b) => (a.name === '' ? 1 : b.name === '' ? -1 : a.name.localeCompare(b.name, language)))
      .map(({ name, members }) => ({
        team: name,
        members: members.sort((a, b) => personName(a).localeCompare(personName(b), language)),
      }));
  }, [people, shifts, language]);

  const byId = useMemo(() => new Map(shifts.map((s) => [s.id, s])), [shifts]);
  const drop = (e: DragEvent, username: string, date: string) => {
    e.preventDefault();
    setDropAt(null);
    const shift = byId.get(Number(e.dataTransfer.getData(DRAG_TYPE)));
    if (shift && (shift.username !== username || shift.date !== date)) onMove(shift, username, date);
  };

  return (
    <Box
      role="region"
      aria-label={t('wfm.roster.label')}
      tabIndex={0}
      sx={{
        overflow: 'auto',
        maxHeight: '70vh',
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        '&:focus-visible': { outline: 2, outlineColor: 'primary.main' },
      }}
    >
      <Table size="small" stickyHeader aria-label={t('wfm.roster.label')} sx={{ minWidth: 860, tableLayout: 'fixed' }}>
        <TableHead>
          <TableRow>
            <TableCell
              sx={{ width: 170, position: 'sticky', insetInlineStart: 0, zIndex: 3, bgcolor: 'background.paper' }}
            >
              {t('wfm.columns.interpreter')}
            </TableCell>
            {days.map((d) => (
              <TableCell
                key={d}
                aria-current={d === today ? 'date' : undefined}
                sx={d === today ? { bgcolor: 'action.selected', fontWeight: 700 } : undefined}
              >
                <time dateTime={d}>
                  <Box component="span" sx={{ display: 'block' }}>
                    {formatCalendarDate(d, 'weekday')}
                  </Box>
                  {formatCalendarDate(d, 'dayMonth')}
                </time>
                {d === today ? (
                  <Typography component="span" variant="caption" sx={{ display: 'block', color: 'primary.main' }}>
                    {t('wfm.roster.today')}
                  </Typography>
                ) : null}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {groups.length === 0 ? (
            <TableRow>
              <TableCell colSpan={days.length + 1}>{t('wfm.day.noInterpreters')}</TableCell>
            </TableRow>
          ) : null}
          {groups.map(({ team, members }) => [
            <TableRow key={`team:${team}`}>
              <TableCell
                component="th"
                scope="colgroup"
                colSpan={days.length + 1}
                sx={{ bgcolor: 'action.hover', fontWeight: 600, py: 0.75 }}
              >
                {team ? <Bidi>{team}</Bidi> : t('wfm.roster.noTeam')}{' '}
                <Typography component="span" variant="body2" color="text.secondary">
                  ({t('wfm.roster.people', { count: members.length })})
                </Typography>
              </TableCell>
            </TableRow>,
            ...members.map((p) => (
              <TableRow key={p.username} data-testid={`roster-row-${p.username}`}>
                <TableCell
                  component="th"
                  scope="row"
                  sx={{ position: 'sticky', insetInlineStart: 0, zIndex: 1, bgcolor: 'background.paper' }}
                >
                  <Bidi>{personName(p)}</Bidi>
                </TableCell>
                {days.map((d) => {
                  const key = `${p.username}\n${d}`;
                  const list = byCell.get(key) ?? [];
                  const name = personName(p);
                  const date = formatCalendarDate(d, 'date');
                  return (
                    <TableCell
                      key={d}
                      data-date={d}
                      onClick={(e) => {
                        // The cell's own empty space adds; its chips and button handle their own clicks.
                        if (planner && e.target === e.currentTarget) onAdd(p.username, d);
                      }}
                      onDragOver={
                        planner
                          ? (e) => {
                              if (!e.dataTransfer.types.includes(DRAG_TYPE)) return;
                              e.preventDefault();
                              e.dataTransfer.dropEffect = 'move';
                              setDropAt(key);
                            }
                          : undefined
                      }
                      onDragLeave={() => setDropAt((at) => (at === key ? null : at))}
                      onDrop={planner ? (e) => drop(e, p.username, d) : undefined}
                      sx={{
                        verticalAlign: 'top',
                        cursor: planner ? 'copy' : undefined,
                        ...(d === today ? { bgcolor: 'action.hover' } : {}),
                        ...(dropAt === key ? { outline: 2, outlineColor: 'primary.main', outlineOffset: -2 } : {}),
                      }}
                    >
                      {list.length > 0 ? (
                        <Box
                          component="ul"
                          aria-label={t('wfm.roster.cell', { name, date })}
                          sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: 0.5 }}
                        >
                          {list.map((s) => (
                            <li key={s.id}>
                              <Chip
                                size="small"
                                variant="outlined"
                                color="primary"
                                label={<ShiftTimes shift={s} />}
                                title={s.note || undefined}
                                data-testid="shift-chip"
                                {...(planner
                                  ? {
                                      onClick: () => onEdit(s),
                                      draggable: true,
                                      onDragStart: (e: DragEvent) => {
                                        e.dataTransfer.setData(DRAG_TYPE, String(s.id));
                                        e.dataTransfer.effectAllowed = 'move';
                                      },
                                      'aria-label': t('wfm.roster.chip', { times: timesOf(s), name, date }),
                                    }
                                  : {})}
                                sx={{ cursor: planner ? 'grab' : undefined, maxWidth: '100%' }}
                              />
                            </li>
                          ))}
                        </Box>
                      ) : null}
                      {planner ? (
                        <IconButton
                          size="small"
                          aria-label={t('wfm.roster.add', { name, date })}
                          onClick={() => onAdd(p.username, d)}
                          sx={{ mt: list.length ? 0.25 : 0, opacity: list.length ? 0.6 : 1 }}
                        >
                          <AddRounded fontSize="small" />
                        </IconButton>
                      ) : null}
                    </TableCell>
                  );
                })}
              </TableRow>
            )),
          ])}
        </TableBody>
      </Table>
    </Box>
  );
}
