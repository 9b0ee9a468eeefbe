import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import NotificationsActiveOutlined from '@mui/icons-material/NotificationsActiveOutlined';
import type { TKpiMissingRow, TKpiRemindRequest, TUserRef, TUserType } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { Bidi } from '../../../components/bidi';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { errorText } from '../../../lib/api/api-error';
import { formatDateTime } from '../../../lib/format';
import { useDebounced } from '../../../lib/use-debounced';
import { useKpiMissingQuery, useRemindKpiMutation } from '../api/kpi-api';
import { addValuePath, periodLabel, personName, scorecardPath } from '../kpi-format';
import { PersonCell, ReadError } from './kpi-bits';
import { KpiFilterBar, type KpiFilters } from './kpi-filters';
import { localName } from '../../../lib/i18n/local-name';

/** One person's missing values in the period. */
interface MissingPerson {
  user: TUserRef;
  items: TKpiMissingRow[];
  lastReminded: string | null;
}

function groupByPerson(rows: readonly TKpiMissingRow[]): MissingPerson[] {
  const people = new Map<string, MissingPerson>();
  for (const row of rows) {
    const person = people.get(row.user.username) ?? { user: row.user, items: [], lastReminded: null };
    person.items.push(row);
    if (row.last_reminded_at && (!person.lastReminded || row.last_reminded_at > person.lastReminded))
      person.lastReminded = row.last_reminded_at;
    people.set(row.user.username, person);
  }
  return [...people.values()];
}

/** "Closes in 3 days", "Closes today", "Closed 2 days ago". */
function ClosingText({ days }: { days: number }) {
  const { t } = useTranslation();
  if (days === 0) return <>{t('kpi.missing.closesToday')}</>;
  return <>{days > 0 ? t('kpi.missing.closesIn', { count: days }) : t('kpi.missing.closedAgo', { count: -days })}</>;
}

/**
 * Who has no value for which KPI in the period, a row per person. A reminder goes to whoever
 * enters those values (one click per row, or for the chosen rows at once).
 */
export function MissingTab({
  filters,
  onFilters,
}: {
  filters: KpiFilters;
  onFilters: (patch: Partial<KpiFilters>) => void;
}) {
  const { t } = useTranslation();
  const search = useDebounced(filters.q.trim());
  const { data, error, isFetching } = useKpiMissingQuery({
    period: filters.period,
    date: filters.start,
    ...(filters.department ? { department: filters.department as TUserType } : {}),
    ...(search ? { search } : {}),
  });
  const [remind, reminding] = useRemindKpiMutation();
  const [selected, setSelected] = useState<Set<string | number>>(new Set());
  const people = groupByPerson(data?.rows ?? []);

  const send = async (chosen: readonly MissingPerson[]) => {
    const items: TKpiRemindRequest['items'] = chosen.flatMap((p) =>
      p.items.map((i) => ({ username: i.user.username, kpi: i.kpi.id, period: i.period_start })),
    );
    if (items.length === 0) return;
    const result = await remind({ items });
    if ('error' in result) {
      toast.error(errorText(result.error));
      return;
    }
    toast.success(t('kpi.missing.reminded', { count: chosen.length }));
    setSelected(new Set());
  };

  const columns: DataTableColumn<MissingPerson>[] = [
    {
      key: 'person',
      label: 'kpi.columns.person',
      placement: 'primary',
      cell: (p) => <PersonCell user={p.user} to={scorecardPath(p.user.username)} />,
      sortValue: (p) => personName(p.user),
    },
    {
      key: 'missing',
      label: 'kpi.columns.missing',
      cell: (p) => (
        <Stack component="ul" spacing={0.5} sx={{ m: 0, p: 0, listStyle: 'none' }}>
          {p.items.map((item) => (
            <Box
              component="li"
              key={item.kpi.id}
              sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1 }}
            >
              <Bidi>{localName(item.kpi)}</Bidi>
              <Typography component="span" variant="body2" color="text.secondary">
                <ClosingText days={item.closes_in_days} />
              </Typography>
              <Button
                size="small"
                component={Link}
                to={addValuePath(item.user.username, item.kpi.id)}
                aria-label={t('kpi.missing.enterFor', { kpi: localName(item.kpi), name: personName(item.user) })}
              >
                {t('kpi.missing.enter')}
              </Button>
            </Box>
          ))}
        </Stack>
      ),
      sortValue: (p) => p.items.length,
    },
    {
      key: 'reminded',
      label: 'kpi.columns.lastReminded',
      cell: (p) => (p.lastReminded ? formatDateTime(p.lastReminded) : t('kpi.missing.never')),
      sortValue: (p) => p.lastReminded,
    },
  ];

  const chosen = people.filter((p) => selected.has(p.user.username));
  return (
    <>
      <KpiFilterBar filters={filters} onChange={onFilters}>
        <Button
          variant="contained"
          startIcon={<NotificationsActiveOutlined />}
          disabled={chosen.length === 0 || reminding.isLoading}
          onClick={() => void send(chosen)}
        >
          {t('kpi.missing.remindSelected', { count: chosen.length })}
        </Button>
      </KpiFilterBar>
      {data ? (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('kpi.missing.summary', {
            count: people.length,
            period: periodLabel(t, filters.period, data.period_start),
          })}
        </Typography>
      ) : null}
      <ReadError error={error} />
      <DataTable
        label={t('kpi.missing.tableLabel')}
        rows={people}
        columns={columns}
        rowKey={(p) => p.user.username}
        loading={isFetching && !data}
        emptyText={t('kpi.missing.empty')}
        selection={{
          selected,
          onChange: setSelected,
          rowLabel: (p) => personName(p.user),
        }}
        actionsLabel={t('kpi.columns.actions')}
        actions={(p) => (
          <Button
            size="small"
            startIcon={<NotificationsActiveOutlined />}
            onClick={() => void send([p])}
            disabled={reminding.isLoading}
            aria-label={t('kpi.missing.remindOne', { name: personName(p.user) })}
          >
            {t('kpi.missing.remind')}
          </Button>
        )}
      />
    </>
  );
}
