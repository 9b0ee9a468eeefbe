import AddRounded from '@mui/icons-material/AddRounded';
import EditRounded from '@mui/icons-material/EditRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import type { TLeaveType } from '@portal/contracts';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { FormDialog } from '../../../components/form-dialog';
import { SectionCard } from '../../../components/section-card';
import { errorText } from '../../../lib/api/api-error';
import { formatNumber } from '../../../lib/format';
import { useLeaveTypesQuery } from '../api/leaves-api';
import { leaveTypeName } from '../leave-format';
import { LeaveTypeName } from './leave-type-name';
import { LeaveTypeForm } from './settings-leave-type-form';

/** The type's rules as short chips: what it allows and asks for (none: a plain type). */
function TypeRules({ type }: { type: TLeaveType }) {
  const { t } = useTranslation();
  const rules = [
    type.half_days_allowed && t('leaveSettings.rules.halfDays'),
    !type.counts_against_balance && t('leaveSettings.rules.noBalance'),
    type.requires_hr_confirmation && t('leaveSettings.rules.hrConfirms'),
    type.attachment_required_after_days !== null &&
      t('leaveSettings.rules.documentAfter', {
        count: type.attachment_required_after_days,
        days: formatNumber(type.attachment_required_after_days),
      }),
  ].filter((r): r is string => !!r);
  return (
    <Box component="span" sx={{ display: 'inline-flex', gap: 0.5, flexWrap: 'wrap' }}>
      {rules.map((r) => (
        <Chip key={r} size="small" variant="outlined" label={r} />
      ))}
    </Box>
  );
}

function typeColumns(t: TFunction): DataTableColumn<TLeaveType>[] {
  return [
    {
      key: 'name',
      label: 'leaveSettings.columns.name',
      placement: 'primary',
      sortValue: (r) => leaveTypeName(t, r),
      cell: (r) => (
        <Box component="span" sx={{ display: 'inline-flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <LeaveTypeName type={r} />
          {r.is_active ? null : <Chip size="small" label={t('leaveSettings.inactive')} />}
        </Box>
      ),
    },
    {
      key: 'yearly',
      label: 'leaveSettings.columns.yearlyDays',
      sortValue: (r) => r.yearly_days,
      cell: (r) => formatNumber(r.yearly_days),
    },
    {
      key: 'carry',
      label: 'leaveSettings.columns.carryOver',
      sortValue: (r) => r.carry_over_max_days,
      cell: (r) => formatNumber(r.carry_over_max_days),
    },
    { key: 'rules', label: 'leaveSettings.columns.rules', cell: (r) => <TypeRules type={r} /> },
  ];
}

/** Leave types: the list, and a dialog to add one or edit one. */
export function LeaveTypesSection() {
  const { t } = useTranslation();
  const { data = [], isLoading, error } = useLeaveTypesQuery();
  // null: closed; 'new': adding; a type: editing it.
  const [editing, setEditing] = useState<TLeaveType | 'new' | null>(null);
  const close = () => setEditing(null);
  const current = editing === 'new' ? null : editing;

  return (
    <SectionCard title={t('leaveSettings.typesTitle')}>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 1.5 }}>
        <Button startIcon={<AddRounded />} variant="contained" onClick={() => setEditing('new')}>
          {t('leaveSettings.addType')}
        </Button>
      </Box>
      {error ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {errorText(error)}
        </Alert>
      ) : null}
      <DataTable
        rows={data}
        columns={typeColumns(t)}
        rowKey={(r) => r.id}
        label={t('leaveSettings.typesTable')}
        loading={isLoading}
        emptyText={t('leaveSettings.noTypes')}
        stickyTop={0}
        actions={(r) => (
          <IconButton
            onClick={() => setEditing(r)}
            aria-label={t('leaveSettings.editType', { name: leaveTypeName(t, r) })}
          >
            <EditRounded />
          </IconButton>
        )}
        actionsLabel={t('leaveSettings.columns.actions')}
      />
      <FormDialog
        open={editing !== null}
        onClose={close}
        title={
          current
            ? t('leaveSettings.editTypeTitle', { name: leaveTypeName(t, current) })
            : t('leaveSettings.newTypeTitle')
        }
      >
        {editing !== null ? <LeaveTypeForm key={current?.id ?? 'new'} type={current} onDone={close} /> : null}
      </FormDialog>
    </SectionCard>
  );
}
