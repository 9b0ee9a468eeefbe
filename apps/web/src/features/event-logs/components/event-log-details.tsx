import Box from '@mui/material/Box';
import {
  EVENT_DETAILS,
  eventLogRefKey,
  type TEventDetailFields,
  type TEventDetailType,
  type TEventLogName,
  type TEventLogRefType,
} from '@portal/contracts';
import type { TFunction } from 'i18next';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Bidi } from '../../../components/bidi';
import { formatCalendarDate, formatDateTime, formatList, formatNumber } from '../../../lib/format';

/** The records a page names, keyed `<type>:<id>` (the server's `names`). */
export type EventLogNames = Record<string, TEventLogName>;

type Key = 'eventLogs.title';

/** A field's label in the current language; a field the catalogue does not know (an older record's) by its name. */
export const fieldLabel = (t: TFunction, field: string) =>
  t(`eventLogs.fields.${field}` as Key, { defaultValue: field });

/** A record by its name (a seeded leave type's translated), or its number when it has gone since. */
export function refName(t: TFunction, names: EventLogNames, type: TEventLogRefType, id: unknown): ReactNode {
  const found = names[eventLogRefKey(type, String(id))];
  if (!found) return <Bidi dir="ltr">#{String(id)}</Bidi>;
  const name = found.code ? t(`leaves.types.${found.code}` as Key, { defaultValue: found.name }) : found.name;
  return <Bidi>{name}</Bidi>;
}

/** Several values joined the language's way, each isolated from the others. */
function joined(parts: ReactNode[]): ReactNode {
  // The separators of the language's list format, around marks standing for the parts.
  const marks = parts.map((_, i) => `\u0001${i}\u0001`);
  return formatList(marks)
    .split('\u0001')
    .map((piece, i) => (i % 2 === 1 ? <Fragment key={i}>{parts[Number(piece)]}</Fragment> : piece));
}

const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : [value]);
// 2023-01-01 was a Sunday: weekday n (0 Sunday … 6) is 2023-01-0(n+1).
const weekday = (n: unknown) => formatCalendarDate(`2023-01-0${Number(n) + 1}`, 'weekdayLong');

/** One value as its type says it reads. */
function DetailValue({
  type,
  value,
  names,
}: {
  type: TEventDetailType | undefined;
  value: unknown;
  names: EventLogNames;
}) {
  const { t } = useTranslation();
  if (value === null || value === undefined || value === '') {
    return (
      <Box component="span" sx={{ color: 'text.secondary' }}>
        —
      </Box>
    );
  }
  if (type === undefined) return <Untyped value={value} names={names} />;
  if (typeof type === 'object') {
    if ('ref' in type) return <>{refName(t, names, type.ref, value)}</>;
    if ('refs' in type) return <>{joined(list(value).map((id) => refName(t, names, type.refs, id)))}</>;
    if ('oneOf' in type) return <>{t(`eventLogs.values.${String(value)}` as Key, { defaultValue: String(value) })}</>;
    if ('fields' in type) return <DetailList fields={type.fields} values={value} names={names} />;
    return (
      <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 0.5 }}>
        {list(value).map((item, i) => (
          <li key={i}>
            <DetailList fields={type.each} values={item} names={names} />
          </li>
        ))}
      </Box>
    );
  }
  switch (type) {
    case 'text':
    case 'userType':
      return <Bidi>{String(value)}</Bidi>;
    case 'code':
    case 'username':
    case 'time':
      return (
        <Box component="span" sx={type === 'code' ? { fontFamily: 'monospace', overflowWrap: 'anywhere' } : undefined}>
          <Bidi dir="ltr">{String(value)}</Bidi>
        </Box>
      );
    case 'count':
    case 'number':
      return <>{formatNumber(Number(value), { maximumFractionDigits: 2 })}</>;
    case 'share':
      return <>{formatNumber(Number(value), { style: 'percent', maximumFractionDigits: 1 })}</>;
    case 'bytes':
      return <>{formatNumber(Number(value) / 1024, { style: 'unit', unit: 'kilobyte', maximumFractionDigits: 1 })}</>;
    case 'date':
      return <>{formatCalendarDate(String(value), 'date')}</>;
    case 'dateTime':
      return <time dateTime={String(value)}>{formatDateTime(String(value))}</time>;
    case 'bool':
      return <>{value ? t('eventLogs.yes') : t('eventLogs.no')}</>;
    case 'id':
      return <Bidi dir="ltr">#{String(value)}</Bidi>;
    case 'userTypes':
    case 'texts':
      return <>{joined(list(value).map((v, i) => <Bidi key={i}>{String(v)}</Bidi>))}</>;
    case 'numbers':
      return <>{formatList(list(value).map((v) => formatNumber(Number(v))))}</>;
    case 'weekdays':
      return <>{formatList(list(value).map(weekday))}</>;
    case 'digest':
      // "unknown identifier #<hex>": a typed name is never stored, only its keyed digest.
      return <Bidi dir="ltr">{/#\w+$/.exec(String(value))?.[0] ?? String(value)}</Bidi>;
  }
}

/** A value the catalogue does not describe (an older record's field): by what it is. */
function Untyped({ value, names }: { value: unknown; names: EventLogNames }) {
  const { t } = useTranslation();
  if (typeof value === 'boolean') return <>{value ? t('eventLogs.yes') : t('eventLogs.no')}</>;
  if (typeof value === 'number') return <>{formatNumber(value)}</>;
  if (Array.isArray(value)) {
    return <>{joined(value.map((v, i) => <Untyped key={i} value={v} names={names} />))}</>;
  }
  if (typeof value === 'object' && value !== null) return <DetailList fields={{}} values={value} names={names} />;
  return <Bidi>{String(value)}</Bidi>;
}

/** Labelled values: a field's label in the reader's language, then its value. */
function DetailList({ fields, values, names }: { fields: TEventDetailFields; values: unknown; names: EventLogNames }) {
  const { t } = useTranslation();
  if (typeof values !== 'object' || values === null) return <Untyped value={values} names={names} />;
  const entries = Object.entries(values as Record<string, unknown>);
  if (entries.length === 0) return null;
  return (
    <Box
      component="dl"
      sx={{ m: 0, display: 'grid', gridTemplateColumns: 'max-content minmax(0, 1fr)', columnGap: 1, rowGap: 0.25 }}
    >
      {entries.map(([field, value]) => (
        <Fragment key={field}>
          <Box component="dt" sx={{ color: 'text.secondary' }}>
            {fieldLabel(t, field)}
          </Box>
          <Box component="dd" sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere' }}>
            <DetailValue type={fields[field]} value={value} names={names} />
          </Box>
        </Fragment>
      ))}
    </Box>
  );
}

/**
 * An event's details as readable fields: each labelled in the reader's language and
 * formatted as the action's catalogue entry says, ids of people and records by their
 * names (`names`), code words translated.
 */
export function EventLogDetails({
  action,
  details,
  names,
}: {
  action: string;
  details: Record<string, unknown>;
  names: EventLogNames;
}) {
  const fields = (EVENT_DETAILS as Record<string, TEventDetailFields>)[action] ?? {};
  return <DetailList fields={fields} values={details} names={names} />;
}
