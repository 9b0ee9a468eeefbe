import { useTranslation } from 'react-i18next';
import { NotForYouPage } from '../../../components/not-for-you-page';

/** The `kpi` pages opened by someone with nobody to score: say why. */
export function KpiNotForYouPage() {
  const { t } = useTranslation();
  return (
    <NotForYouPage
      title={t('kpi.notForYouTitle')}
      body={t('kpi.notForYouBody')}
      to="/user"
      action={t('kpi.goToMine')}
    />
  );
}
