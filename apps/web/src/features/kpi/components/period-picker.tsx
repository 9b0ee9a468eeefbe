import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import ChevronLeftRounded from '@mui/icons-material/ChevronLeftRounded';
import ChevronRightRounded from '@mui/icons-material/ChevronRightRounded';
import { KPI_PERIODS, shiftPeriod, type TKpiPeriod } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { currentPeriodStart, periodLabel } from '../kpi-format';

/** Weekly or monthly. */
export function PeriodSwitch({ value, onChange }: { value: TKpiPeriod; onChange: (period: TKpiPeriod) => void }) {
  const { t } = useTranslation();
  return (
    <ToggleButtonGroup
      exclusive
      size="small"
      value={value}
      onChange={(_, next: TKpiPeriod | null) => next && onChange(next)}
      aria-label={t('kpi.period.kind')}
    >
      {KPI_PERIODS.map((p) => (
        <ToggleButton key={p} value={p}>
          {t(`kpi.period.${p}`)}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}

/**
 * One period at a time: the previous and next buttons around its name. No period after the
 * running one (nothing can be scored in the future). The arrows follow the reading direction.
 */
export function PeriodPicker({
  period,
  start,
  onChange,
}: {
  period: TKpiPeriod;
  start: string;
  onChange: (start: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const rtl = i18n.dir() === 'rtl';
  const atCurrent = start >= currentPeriodStart(period);
  const Back = rtl ? ChevronRightRounded : ChevronLeftRounded;
  const Forward = rtl ? ChevronLeftRounded : ChevronRightRounded;
  return (
    <Box role="group" aria-label={t('kpi.period.label')} sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
      <IconButton onClick={() => onChange(shiftPeriod(period, start, -1))} aria-label={t('kpi.period.previous')}>
        <Back />
      </IconButton>
      <Typography component="p" aria-live="polite" sx={{ minWidth: 150, textAlign: 'center', fontWeight: 600 }}>
        {periodLabel(t, period, start)}
      </Typography>
      <IconButton
        onClick={() => onChange(shiftPeriod(period, start, 1))}
        disabled={atCurrent}
        aria-label={t('kpi.period.next')}
      >
        <Forward />
      </IconButton>
    </Box>
  );
}
