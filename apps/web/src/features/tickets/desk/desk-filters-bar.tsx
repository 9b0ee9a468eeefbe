import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { ACTIVE_TICKET_STATUSES, TICKET_PRIORITIES, type TTicketDepartment } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { SearchField } from '../../../components/search-field';
import { useTypedFilter } from '../../../lib/use-url-filters';
import type { DeskFilters } from './use-desk-filters';
import { departmentName } from '../../../components/department-name';

const ALL = '';

/** Search (debounced into the URL), status and assignee (queue only), department and priority. */
export function DeskFiltersBar({
  filters,
  update,
  departments,
  withStatus,
}: {
  filters: DeskFilters;
  update: (patch: Partial<DeskFilters>) => void;
  departments: readonly TTicketDepartment[];
  withStatus: boolean;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useTypedFilter(filters.search, (text) => update({ search: text }));

  const select = (
    name: 'status' | 'department' | 'priority' | 'assignee',
    label: string,
    options: readonly string[],
    text: (o: string) => string,
  ) => (
    <TextField
      select
      size="small"
      label={label}
      value={filters[name] ?? ALL}
      onChange={(e) => update({ [name]: e.target.value || undefined })}
      sx={{ minWidth: 150 }}
      fullWidth={false}
      // "All" shows as the value rather than an empty box.
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
    >
      <MenuItem value={ALL}>{t('desk.all')}</MenuItem>
      {options.map((o) => (
        <MenuItem key={o} value={o}>
          {text(o)}
        </MenuItem>
      ))}
    </TextField>
  );

  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, mb: 2 }}>
      <SearchField label={t('desk.search')} value={search} onChange={setSearch} sx={{ flex: '1 1 240px' }} />
      {withStatus
        ? select('status', t('tickets.fields.status'), ACTIVE_TICKET_STATUSES, (s) =>
            t(`tickets.statuses.${s as 'open'}`),
          )
        : null}
      {select('department', t('tickets.fields.department'), departments, (d) => departmentName(t, d))}
      {select('priority', t('tickets.fields.priority'), TICKET_PRIORITIES, (p) =>
        t(`tickets.priorities.${p as 'low'}`),
      )}
      {withStatus
        ? select('assignee', t('tickets.assignee.filter'), ['me', 'none'], (a) =>
            t(a === 'me' ? 'tickets.assignee.toMe' : 'tickets.assignee.unassigned'),
          )
        : null}
    </Box>
  );
}
