import { useTranslation } from 'react-i18next';
import { NotForYouPage } from '../../../components/not-for-you-page';

/** /wfm opened by someone outside WFM, RTM, G.SDM, OPERATION, directors and ADMIN: say why. */
export function WfmNotForYouPage() {
  const { t } = useTranslation();
  return (
    <NotForYouPage title={t('wfm.notForYouTitle')} body={t('wfm.notForYouBody')} to="/" action={t('wfm.goHome')} />
  );
}
