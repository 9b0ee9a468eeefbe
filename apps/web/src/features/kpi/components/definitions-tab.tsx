import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import AddRounded from '@mui/icons-material/AddRounded';
import EditOutlined from '@mui/icons-material/EditOutlined';
import type { TKpiDefinition } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Bidi } from '../../../components/bidi';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { FormDialog } from '../../../components/form-dialog';
import { formatList, formatNumber } from '../../../lib/format';
import { useKpiDefinitionsQuery } from '../api/kpi-api';
import { formatKpiValue } from '../kpi-format';
import { DefinitionForm } from './definition-form';
import { ReadError } from './kpi-bits';
import { audienceLabel } from './kpi-filters';
import { localName } from '../../../lib/i18n/local-name';

/** The KPI definitions (QUALITY, WFM, ADMIN): a list, and a dialog to add or change one. */
export function DefinitionsTab() {
  const { t } = useTranslation();
  const { data = [], error, isLoading } = useKpiDefinitionsQuery({});
  // null: closed; 'new': a new definition; else the one being changed.
  const [editing, setEditing] = useState<TKpiDefinition | 'new' | null>(null);

  const columns: DataTableColumn<TKpiDefinition>[] = [
    {
      key: 'name',
      label: 'kpi.definitions.fields.name',
      placement: 'primary',
      cell: (d) => <Bidi>{localName(d)}</Bidi>,
      sortValue: (d) => localName(d),
    },
    { key: 'unit', label: 'kpi.definitions.fields.unit', cell: (d) => t(`kpi.units.${d.unit}`) },
    {
      key: 'target',
      label: 'kpi.definitions.fields.target',
      cell: (d) => `${t(`kpi.directions.${d.direction}`)} · ${formatKpiValue(t, d.unit, d.target)}`,
    },
    {
      key: 'weight',
      label: 'kpi.definitions.fields.weight',
      cell: (d) => formatNumber(d.weight),
      sortValue: (d) => d.weight,
    },
    { key: 'period', label: 'kpi.definitions.fields.period', cell: (d) => t(`kpi.period.${d.period}`) },
    {
      key: 'applies',
      label: 'kpi.definitions.fields.appliesTo',
      cell: (d) =>
        formatList(
          d.applies_to.map((type) => audienceLabel(t, type)),
          'unit',
        ),
    },
    {
      key: 'active',
      label: 'kpi.definitions.fields.status',
      placement: 'secondary',
      cell: (d) => (
        <Chip
          size="small"
          color={d.is_active ? 'success' : 'default'}
          variant="outlined"
          label={t(d.is_active ? 'kpi.definitions.active' : 'kpi.definitions.retired')}
        />
      ),
      sortValue: (d) => (d.is_active ? 0 : 1),
    },
  ];

  return (
    <>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 2 }}>
        <Button variant="contained" startIcon={<AddRounded />} onClick={() => setEditing('new')}>
          {t('kpi.definitions.add')}
        </Button>
      </Box>
      <ReadError error={error} />
      <DataTable
        label={t('kpi.definitions.tableLabel')}
        rows={data}
        columns={columns}
        rowKey={(d) => d.id}
        loading={isLoading}
        emptyText={t('kpi.definitions.empty')}
        actionsLabel={t('kpi.columns.actions')}
        actions={(d) => (
          <Button
            size="small"
            startIcon={<EditOutlined />}
            onClick={() => setEditing(d)}
            aria-label={t('kpi.definitions.editOne', { name: localName(d) })}
          >
            {t('kpi.definitions.edit')}
          </Button>
        )}
      />
      <FormDialog
        open={editing !== null}
        title={t(editing === 'new' ? 'kpi.definitions.addTitle' : 'kpi.definitions.editTitle')}
        onClose={() => setEditing(null)}
      >
        {editing !== null ? (
          <DefinitionForm
            key={editing === 'new' ? 'new' : editing.id}
            definition={editing === 'new' ? null : editing}
            onDone={() => setEditing(null)}
          />
        ) : null}
      </FormDialog>
    </>
  );
}
