import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { formResolver } from '../../../components/form/field-error-text';
import { ZHolidayRequest, type THoliday, type THolidayRequest } from '@portal/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { Bidi } from '../../../components/bidi';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { FormTextField } from '../../../components/form/form-text-field';
import { applyServerFieldErrors } from '../../../components/form/server-errors';
import { SectionCard } from '../../../components/section-card';
import { errorText } from '../../../lib/api/api-error';
import { formatCalendarDate, formatNumber } from '../../../lib/format';
import { ArabicNameField } from '../../../components/form/arabic-name-field';
import { holidayName } from '../leave-format';
import { useCreateHolidayMutation, useDeleteHolidayMutation, useHolidaysQuery } from '../api/leaves-api';

const columns: DataTableColumn<THoliday>[] = [
  {
    key: 'date',
    label: 'leaveSettings.date',
    placement: 'secondary',
    sortValue: (r) => r.date,
    cell: (r) => <time dateTime={r.date}>{formatCalendarDate(r.date, 'weekdayDayMonth')}</time>,
  },
  {
    key: 'name',
    label: 'leaveSettings.holidayName',
    placement: 'primary',
    sortValue: (r) => holidayName(r),
    cell: (r) => <Bidi>{holidayName(r)}</Bidi>,
  },
];

/** Adds a holiday; the date defaults into the year on show. */
function AddHolidayForm({ year }: { year: number }) {
  const { t } = useTranslation();
  const [createHoliday, { isLoading }] = useCreateHolidayMutation();
  const { control, handleSubmit, setError, reset } = useForm<THolidayRequest>({
    resolver: formResolver(ZHolidayRequest),
    defaultValues: { date: '', name: '' },
  });
  const submit = handleSubmit(async (values) => {
    const result = await createHoliday(values);
    if ('error' in result) {
      if (!applyServerFieldErrors(result.error, setError, ['date', 'name', 'name_ar']))
        toast.error(errorText(result.error));
      return;
    }
    toast.success(t('leaveSettings.holidayAdded'));
    reset({ date: '', name: '' });
  });
  return (
    <Box
      component="form"
      noValidate
      onSubmit={submit}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start', mb: 2 }}
    >
      <FormTextField
        control={control}
        name="date"
        type="date"
        label={t('leaveSettings.date')}
        size="small"
        sx={{ flex: '1 1 170px' }}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: `${year}-01-01`, max: `${year}-12-31` } }}
      />
      <FormTextField
        control={control}
        name="name"
        label={t('leaveSettings.holidayName')}
        size="small"
        sx={{ flex: '2 1 200px' }}
      />
      <ArabicNameField control={control} name="name_ar" hint={false} size="small" sx={{ flex: '2 1 200px' }} />
      <Button
        type="submit"
        variant="contained"
        disabled={isLoading}
        sx={{ flex: { xs: '1 1 100%', sm: '0 0 auto' }, mt: 0.25 }}
      >
        {t('leaveSettings.addHoliday')}
      </Button>
    </Box>
  );
}

/** Public holidays of one year: add, and delete after a confirmation. */
export function HolidaysSection() {
  const { t } = useTranslation();
  const thisYear = new Date().getFullYear();
  const [year, setYear] = useState(thisYear);
  const { data = [], isLoading, error } = useHolidaysQuery({ year });
  const [deleteHoliday, deleting] = useDeleteHolidayMutation();
  const [toDelete, setToDelete] = useState<THoliday | null>(null);

  const confirmDelete = async () => {
    if (!toDelete) return;
    const result = await deleteHoliday(toDelete.id);
    if ('error' in result) toast.error(errorText(result.error));
    else toast.success(t('leaveSettings.holidayDeleted'));
    setToDelete(null);
  };

  return (
    <SectionCard title={t('leaveSettings.holidaysTitle')}>
      <TextField
        select
        size="small"
        label={t('leaveSettings.year')}
        value={year}
        onChange={(e) => setYear(Number(e.target.value))}
        fullWidth={false}
        sx={{ minWidth: 120, mb: 2 }}
      >
        {[thisYear - 1, thisYear, thisYear + 1, thisYear + 2].map((y) => (
          <MenuItem key={y} value={y}>
            {formatNumber(y, { useGrouping: false })}
          </MenuItem>
        ))}
      </TextField>
      <AddHolidayForm year={year} />
      {error ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {errorText(error)}
        </Alert>
      ) : null}
      <DataTable
        rows={data}
        columns={columns}
        rowKey={(r) => r.id}
        label={t('leaveSettings.holidaysTable')}
        loading={isLoading}
        emptyText={t('leaveSettings.noHolidays')}
        defaultSort={{ key: 'date', direction: 'asc' }}
        stickyTop={0}
        actionsLabel={t('leaveSettings.columns.actions')}
        actions={(r) => (
          <IconButton
            onClick={() => setToDelete(r)}
            aria-label={t('leaveSettings.deleteHoliday', { name: holidayName(r) })}
          >
            <DeleteOutlineRounded />
          </IconButton>
        )}
      />
      <ConfirmDialog
        open={toDelete !== null}
        title={t('leaveSettings.deleteTitle', { name: toDelete ? holidayName(toDelete) : '' })}
        body={
          toDelete ? t('leaveSettings.deleteBody', { date: formatCalendarDate(toDelete.date, 'weekdayDayMonth') }) : ''
        }
        confirmLabel={t('leaveSettings.delete')}
        cancelLabel={t('leaveSettings.cancel')}
        danger
        busy={deleting.isLoading}
        onConfirm={() => void confirmDelete()}
        onClose={() => setToDelete(null)}
      />
    </SectionCard>
  );
}
