import { useTranslation } from 'react-i18next';
import { NotForYouPage } from '../../../../components/not-for-you-page';

/** /it opened by someone with nobody to watch: say why, and point to their own activity. */
export function ItNotForYouPage() {
  const { t } = useTranslation();
  return (
    <NotForYouPage title={t('it.notForYouTitle')} body={t('it.notForYouBody')} to="/user" action={t('it.goToMine')} />
  );
}
