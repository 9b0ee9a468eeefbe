import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StatusPage } from '../../../components/status-page';

/** /wfm opened by someone outside WFM, RTM, G.SDM, OPERATION, directors and ADMIN: say why. */
export function WfmNotForYouPage() {
  const { t } = useTranslation();
  return (
    <StatusPage
      code="403"
      title={t('wfm.notForYouTitle')}
      body={t('wfm.notForYouBody')}
      actions={
        <Button component={Link} to="/" variant="contained">
          {t('wfm.goHome')}
        </Button>
      }
    />
  );
}
