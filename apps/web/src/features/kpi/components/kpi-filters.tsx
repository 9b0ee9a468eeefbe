import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { USER_TYPES, type TKpiPeriod } from '@portal/contracts';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Bidi } from '../../../components/bidi';
import { departmentName } from '../../../components/department-name';
import { SearchField } from '../../../components/search-field';
import { teamName } from '../../../lib/i18n/local-name';
import { PeriodPicker, PeriodSwitch } from './period-picker';

/** The scores' and missing list's choices, all kept in the URL by the page. */
export interface KpiFilters {
  period: TKpiPeriod;
  start: string;
  department: string;
  team: string;
  q: string;
}

/** Every user type a KPI may apply to (guests have none). */
export const KPI_AUDIENCES = USER_TYPES.filter((type) => type !== 'GUEST');

/** Whom a KPI applies to in the reader's language: interpreters, or a department by its name. */
export function audienceLabel(t: TFunction, type: string): string {
  return type === 'INTERPRETER' ? t('kpi.interpreters') : departmentName(t, type);
}

/** A team choice: its English name (what the filter and the server match on) and its Arabic one. */
export interface KpiTeam {
  team: string;
  team_ar?: string | null;
}

/** The distinct teams of `rows`, in the reader's language's order, each once by its English name. */
export function teamChoices(rows: readonly KpiTeam[], language?: string): KpiTeam[] {
  const byName = new Map<string, KpiTeam>();
  for (const r of rows)
    if (r.team && !byName.has(r.team)) byName.set(r.team, { team: r.team, team_ar: r.team_ar ?? null });
  return [...byName.values()].sort((a, b) => teamName(a, language).localeCompare(teamName(b, language), language));
}

export function KpiFilterBar({
  filters,
  onChange,
  teams,
  children,
}: {
  filters: KpiFilters;
  onChange: (patch: Partial<KpiFilters>) => void;
  /** The team choices (named in the page's language); no team filter when left out. */
  teams?: readonly KpiTeam[];
  children?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const fieldSx = { flex: { xs: '1 1 100%', sm: '0 1 200px' }, minWidth: 0 };
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center', mb: 2 }}>
      <PeriodSwitch value={filters.period} onChange={(period) => onChange({ period, start: undefined })} />
      <PeriodPicker period={filters.period} start={filters.start} onChange={(start) => onChange({ start })} />
      <TextField
        select
        size="small"
        label={t('kpi.filters.department')}
        value={filters.department}
        onChange={(e) => onChange({ department: e.target.value, team: '' })}
        sx={fieldSx}
      >
        <MenuItem value="">{t('kpi.filters.allDepartments')}</MenuItem>
        {KPI_AUDIENCES.map((type) => (
          <MenuItem key={type} value={type}>
            {audienceLabel(t, type)}
          </MenuItem>
        ))}
      </TextField>
      {teams ? (
        <TextField
          select
          size="small"
          label={t('kpi.filters.team')}
          value={filters.team}
          onChange={(e) => onChange({ team: e.target.value })}
          sx={fieldSx}
        >
          <MenuItem value="">{t('kpi.filters.allTeams')}</MenuItem>
          {/* The chosen one stays listed even when no row of it is shown now. */}
          {(teams.some((x) => x.team === filters.team) || !filters.team
            ? teams
            : [...teams, { team: filters.team }]
          ).map((x) => (
            <MenuItem key={x.team} value={x.team}>
              <Bidi>{teamName(x, i18n.resolvedLanguage)}</Bidi>
            </MenuItem>
          ))}
        </TextField>
      ) : null}
      <SearchField label={t('kpi.filters.search')} value={filters.q} onChange={(q) => onChange({ q })} sx={fieldSx} />
      {children}
    </Box>
  );
}
