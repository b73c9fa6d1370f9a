import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/spinner';

/**
 * What the page area shows while the first page's code arrives (the shell around it is already there). At least a
 * screen tall, so the footer stays below the fold and nothing moves when the page replaces it.
 */
export function PageLoading() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-screen items-start justify-center pt-16">
      <Spinner label={t('loading')} />
    </div>
  );
}
