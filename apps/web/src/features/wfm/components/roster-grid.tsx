import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import AddRounded from '@mui/icons-material/AddRounded';
import type { TShift } from '@portal/contracts';
import { useMemo, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Bidi } from '../../../components/bidi';
import { formatCalendarDate, personName } from '../../../lib/format';
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
 * it scrolls inside its own box on narrow screens, the names staying in view.
 */
export function RosterGrid({
  days,
  today,
  people,
  shifts,
  planner,
  onAdd,
  onEdit,
  onMove,
}: {
  days: readonly string[];
  today: string;
  people: readonly RosterPerson[];
  shifts: readonly TShift[];
  planner: boolean;
  onAdd: (username: string, date: string) => void;
  onEdit: (shift: TShift) => void;
  onMove: (shift: TShift, username: string, date: string) => void;
}) {
  const { t } = useTranslation();
  const [dropAt, setDropAt] = useState<string | null>(null);

  const byCell = useMemo(() => {
    const map = new Map<string, TShift[]>();
    for (const s of [...shifts].sort((a, b) => a.starts_at.localeCompare(b.starts_at))) {
      const key = `${s.username}\n${s.date}`;
      map.set(key, [...(map.get(key) ?? []), s]);
    }
    return map;
  }, [shifts]);

  const groups = useMemo(() => {
    // Someone with shifts who is no longer on the roster still shows, without a team.
    const all = [...people];
    for (const s of shifts) {
      if (!all.some((p) => p.username === s.username)) all.push({ ...s, team: '' });
    }
    const teams = new Map<string, RosterPerson[]>();
    for (const p of all) teams.set(p.team.trim(), [...(teams.get(p.team.trim()) ?? []), p]);
    return [...teams]
      .sort(([a], [b]) => (a === '' ? 1 : b === '' ? -1 : a.localeCompare(b)))
      .map(([team, members]) => ({
        team,
        members: members.sort((a, b) => personName(a).localeCompare(personName(b))),
      }));
  }, [people, shifts]);

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
