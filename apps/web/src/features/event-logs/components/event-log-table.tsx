import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { isEventLogRefType, type TEventLog } from '@portal/contracts';
import type { TFunction } from 'i18next';
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Bidi } from '../../../components/bidi';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { formatDateTime } from '../../../lib/format';
import { useOverflows } from '../../../lib/use-overflows';
import { actionLabel, recordText, targetTypeLabel } from '../event-log-format';
import { EventLogDetails, refName, type EventLogNames } from './event-log-details';

// The CSV of the rows on screen keeps the details as the server stores them (JSON).
const detailsText = (d: Record<string, unknown>) => (Object.keys(d).length ? JSON.stringify(d) : '');
// Past about this many fields the box is likely to reach its height cap (until measured).
const LONG_DETAILS = 5;

/**
 * The details as labelled fields in the reader's language. Long ones scroll, past a few
 * lines, in their own box (focusable whenever it does scroll, so keyboards can) instead of
 * stretching the row.
 */
function DetailsCell({ row, names }: { row: TEventLog; names: EventLogNames }) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  // Measured, not guessed from the count: on a phone far less fits before it scrolls.
  const scrolls = useOverflows(box, Object.keys(row.details).length > LONG_DETAILS);
  if (Object.keys(row.details).length === 0) return null;
  return (
    <Box
      ref={box}
      {...(scrolls
        ? {
            tabIndex: 0,
            role: 'region',
            'aria-label': t('eventLogs.detailsOf', { action: actionLabel(t, row.action) }),
          }
        : {})}
      sx={{ fontSize: 13, textAlign: 'start', maxHeight: '8.5em', overflowY: 'auto' }}
    >
      {/* Its own box, so a change in the content's height is seen even at the height cap. */}
      <div>
        <EventLogDetails action={row.action} details={row.details} names={names} />
      </div>
    </Box>
  );
}

/** An action's label with its code under it, small; a code without a label is shown once, as it is. */
function ActionCell({ t, action }: { t: TFunction; action: string }) {
  const label = actionLabel(t, action);
  const known = label !== action;
  return (
    <Box component="span" sx={{ display: 'inline-flex', flexDirection: 'column', minWidth: 0 }}>
      {known ? <span>{label}</span> : null}
      <Box
        component="span"
        sx={[
          { fontFamily: 'monospace', overflowWrap: 'anywhere' },
          known && { fontSize: 12, fontWeight: 'normal', color: 'text.secondary' },
        ]}
      >
        <Bidi dir="ltr">{action}</Bidi>
      </Box>
    </Box>
  );
}

const rawTarget = (r: TEventLog) => (r.target_type ? `${r.target_type} #${r.target_id}` : '');

/** The target's name(s) when the server named it (one id, or a list "4,5"), else null. */
function targetName(t: TFunction, r: TEventLog, names: EventLogNames) {
  if (!isEventLogRefType(r.target_type) || !r.target_id) return null;
  const ids = r.target_id.split(',');
  if (!ids.every((id) => names[`${r.target_type}:${id}`])) return null;
  return ids.map((id, i) => (
    <span key={id}>
      {i > 0 ? ', ' : null}
      {refName(t, names, r.target_type as Parameters<typeof refName>[2], id)}
    </span>
  ));
}

const columns = (t: TFunction, names: EventLogNames): DataTableColumn<TEventLog>[] => [
  {
    key: 'at',
    label: 'eventLogs.columns.at',
    placement: 'secondary',
    sortValue: (r) => Date.parse(r.at),
    sortKind: 'date',
    csv: (r) => r.at,
    cellSx: { whiteSpace: 'nowrap' },
    cell: (r) => <time dateTime={r.at}>{formatDateTime(r.at, { seconds: true })}</time>,
  },
  {
    key: 'actor',
    label: 'eventLogs.columns.actor',
    sortValue: (r) => r.actor_username,
    cell: (r) =>
      r.actor_username ? (
        <Bidi>{r.actor_username}</Bidi>
      ) : (
        <Typography component="span" color="text.secondary">
          —
        </Typography>
      ),
  },
  {
    key: 'action',
    label: 'eventLogs.columns.action',
    placement: 'primary',
    sortValue: (r) => actionLabel(t, r.action),
    csv: (r) => r.action,
    cellSx: { whiteSpace: 'nowrap' },
    cell: (r) => <ActionCell t={t} action={r.action} />,
  },
  {
    key: 'target',
    label: 'eventLogs.columns.target',
    sortValue: (r) => recordText(t, r),
    csv: rawTarget,
    cellSx: { whiteSpace: 'nowrap' },
    // The record's name when it has one, its type and number under it, small; the type
    // follows the page's direction, "#4" stays left to right after it.
    cell: (r) => {
      if (!r.target_type) return null;
      const name = targetName(t, r, names);
      const typed = (
        <>
          <Bidi>{targetTypeLabel(t, r.target_type)}</Bidi>
          {r.target_id ? (
            <>
              {' '}
              <Bidi dir="ltr">#{r.target_id}</Bidi>
            </>
          ) : null}
        </>
      );
      return name ? (
        <Box component="span" title={rawTarget(r)} sx={{ display: 'inline-flex', flexDirection: 'column' }}>
          <span>{name}</span>
          <Box component="span" sx={{ fontSize: 12, color: 'text.secondary' }}>
            {typed}
          </Box>
        </Box>
      ) : (
        <span title={rawTarget(r)}>{typed}</span>
      );
    },
  },
  {
    key: 'address',
    label: 'eventLogs.columns.address',
    sortValue: (r) => r.ip,
    cellSx: { whiteSpace: 'nowrap' },
    cell: (r) => (
      <Box component="span" title={r.user_agent}>
        <Bidi dir="ltr">{r.ip}</Bidi>
      </Box>
    ),
  },
  {
    key: 'details',
    label: 'eventLogs.columns.details',
    csv: (r) => detailsText(r.details),
    cellSx: { maxWidth: 420, minWidth: 220 },
    cell: (r) => <DetailsCell row={r} names={names} />,
  },
];

const NO_NAMES: EventLogNames = {};

/** The audit trail's rows; the page's "Download CSV" is the server's export of the whole filter. */
export function EventLogTable({
  rows,
  names = NO_NAMES,
  stickyTop,
}: {
  rows: TEventLog[];
  /** The records the rows point at, by `<type>:<id>` (the server's `names`). */
  names?: EventLogNames;
  stickyTop?: number;
}) {
  const { t } = useTranslation();
  // Rebuilt on a change of language (`t` is a new function then): the labels are the columns' sort values.
  const translated = useMemo(() => columns(t, names), [t, names]);
  // The page shows its own loading, error and empty states.
  if (rows.length === 0) return null;
  return (
    <DataTable
      rows={rows}
      columns={translated}
      rowKey={(r) => r.id}
      label={t('eventLogs.title')}
      emptyText={t('eventLogs.empty')}
      stickyTop={stickyTop}
    />
  );
}
