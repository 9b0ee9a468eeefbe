import { useTranslation } from 'react-i18next';
import { NotForYouPage } from '../../../components/not-for-you-page';

/** /ocr opened by someone outside staff (an interpreter's typed address): say why. */
export function OcrNotForYouPage() {
  const { t } = useTranslation();
  return (
    <NotForYouPage title={t('ocr.notForYouTitle')} body={t('ocr.notForYouBody')} to="/" action={t('ocr.goHome')} />
  );
}
