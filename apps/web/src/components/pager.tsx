import { useTranslation } from 'react-i18next';
import { Button } from './button';

/** Previous and next page of a list, with where we are; nothing when there is one page. */
export function Pager({ page, totalPages, onChange }: { page: number; totalPages: number; onChange: (page: number) => void }) {
  const { t } = useTranslation('common');
  if (totalPages <= 1) return null;
  return (
    <nav aria-label={t('pager.label')} className="flex flex-wrap items-center gap-3">
      <Button variant="secondary" size="sm" isDisabled={page <= 1} onPress={() => onChange(page - 1)}>
        {t('pager.previous')}
      </Button>
      <p>{t('pager.current', { page, total: totalPages })}</p>
      <Button variant="secondary" size="sm" isDisabled={page >= totalPages} onPress={() => onChange(page + 1)}>
        {t('pager.next')}
      </Button>
    </nav>
  );
}
