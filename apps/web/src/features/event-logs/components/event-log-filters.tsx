import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { TEventLogFilter } from '@portal/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { actionOptions } from '../event-log-format';

export interface FilterDraft {
  actor: string;
  action: string;
  target_type: string;
  target_id: string;
  from: string; // datetime-local value, in the browser's time zone
  to: string;
}

export const EMPTY_FILTER: FilterDraft = { actor: '', action: '', target_type: '', target_id: '', from: '', to: '' };

/** Drops empty fields and turns local date-times into ISO instants for the API. */
export function toQuery(d: FilterDraft): TEventLogFilter {
  const iso = (v: string) => (v ? new Date(v).toISOString() : undefined);
  const q: TEventLogFilter = {
    actor: d.actor.trim() || undefined,
    action: d.action || undefined,
    target_type: d.target_type.trim() || undefined,
    target_id: d.target_id.trim() || undefined,
    from: iso(d.from),
    to: iso(d.to),
  };
  return Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined)) as TEventLogFilter;
}

export type FilterProblems = Partial<Record<keyof FilterDraft, 'toBeforeFrom' | 'notAnId'>>;

/** What is wrong with a draft, per field (checked before any request). */
export function filterProblems(d: FilterDraft): FilterProblems {
  const problems: FilterProblems = {};
  if (d.from && d.to && new Date(d.to).getTime() < new Date(d.from).getTime()) problems.to = 'toBeforeFrom';
  if (d.target_id.trim() && !/^[1-9][0-9]*$/.test(d.target_id.trim())) problems.target_id = 'notAnId';
  return problems;
}

/** The filters as the page's URL keeps them (reload and shared links keep them): '' when absent. */
export const ZFilterDraft = z.object({
  actor: z.string().catch(''),
  action: z.string().catch(''),
  target_type: z.string().catch(''),
  target_id: z.string().catch(''),
  from: z.string().catch(''),
  to: z.string().catch(''),
}) satisfies z.ZodType<FilterDraft>;

/** What the URL keeps of a draft: every field trimmed (an empty one leaves the URL). */
export function trimmedDraft(d: FilterDraft): FilterDraft {
  return Object.fromEntries(Object.entries(d).map(([name, value]) => [name, value.trim()])) as FilterDraft;
}

export function EventLogFilters({
  value,
  onChange,
  problems = {},
}: {
  value: FilterDraft;
  onChange: (v: FilterDraft) => void;
  problems?: FilterProblems;
}) {
  const { t, i18n } = useTranslation();
  // Labels, not codes, to choose from (the value stays the code: the API and the URL use it).
  const actions = useMemo(() => actionOptions(t, i18n.language), [t, i18n.language]);
  const field = (name: keyof FilterDraft) => {
    const problem = problems[name];
    return {
      name,
      value: value[name],
      onChange: (e: React.ChangeEvent<HTMLInputElement>) => onChange({ ...value, [name]: e.target.value }),
      size: 'small' as const,
      label: t(`eventLogs.filters.${name}`),
      error: !!problem,
      helperText: problem ? t(`eventLogs.filters.${problem}`) : undefined,
    };
  };
  return (
    <Box
      role="search"
      sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(6, 1fr)' }, mb: 2 }}
    >
      <TextField {...field('actor')} />
      <TextField {...field('action')} select>
        <MenuItem value="">{t('eventLogs.filters.anyAction')}</MenuItem>
        {actions.map((a) => (
          <MenuItem key={a.code} value={a.code}>
            {a.label}
          </MenuItem>
        ))}
      </TextField>
      <TextField {...field('target_type')} />
      <TextField {...field('target_id')} />
      <TextField {...field('from')} type="datetime-local" slotProps={{ inputLabel: { shrink: true } }} />
      <TextField {...field('to')} type="datetime-local" slotProps={{ inputLabel: { shrink: true } }} />
    </Box>
  );
}
