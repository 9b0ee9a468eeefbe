import { useTranslation } from 'react-i18next';
import { DateRangeFields } from '../../../components/date-fields';

/** WFM's first and last day, in a toolbar. */
export function WfmDateRange({
  from,
  to,
  onChange,
}: {
  from: string;
  to: string;
  onChange: (range: { from: string; to: string }) => void;
}) {
  const { t } = useTranslation();
  return (
    <DateRangeFields
      compact
      label={t('wfm.range.label')}
      from={{ name: 'from', label: t('wfm.range.from'), value: from }}
      to={{ name: 'to', label: t('wfm.range.to'), value: to }}
      onChange={onChange}
    />
  );
}
