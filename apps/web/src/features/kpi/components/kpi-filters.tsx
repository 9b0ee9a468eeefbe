import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { USER_TYPES, type TKpiPeriod } from '@portal/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchField } from '../../../components/search-field';
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

export function audienceLabel(t: (key: 'kpi.interpreters') => string, type: string): string {
  return type === 'INTERPRETER' ? t('kpi.interpreters') : type;
}

export function KpiFilterBar({
  filters,
  onChange,
  teams,
  children,
}: {
  filters: KpiFilters;
  onChange: (patch: Partial<KpiFilters>) => void;
  /** The team choices; no team filter when left out. */
  teams?: readonly string[];
  children?: ReactNode;
}) {
  const { t } = useTranslation();
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
          {[...new Set([...teams, filters.team].filter(Boolean))].sort().map((team) => (
            <MenuItem key={team} value={team}>
              {team}
            </MenuItem>
          ))}
        </TextField>
      ) : null}
      <SearchField label={t('kpi.filters.search')} value={filters.q} onChange={(q) => onChange({ q })} sx={fieldSx} />
      {children}
    </Box>
  );
}
