import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StatusPage } from '../../../components/status-page';

/** The `kpi` pages opened by someone with nobody to score: say why. */
export function KpiNotForYouPage() {
  const { t } = useTranslation();
  return (
    <StatusPage
      code="403"
      title={t('kpi.notForYouTitle')}
      body={t('kpi.notForYouBody')}
      actions={
        <Button component={Link} to="/user" variant="contained">
          {t('kpi.goToMine')}
        </Button>
      }
    />
  );
}
