import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/alert';
import { PageSpinner } from '../../../components/spinner';

/** Loading, failure and empty states shared by the account lists; renders `children` once there is something. */
export function ListState<T>({
  query,
  empty,
  children,
}: {
  query: { data: T[] | undefined; isPending: boolean; isError: boolean };
  empty: string;
  children: (items: T[]) => ReactNode;
}) {
  const { t } = useTranslation('account');
  if (query.isPending) return <PageSpinner label={t('loading')} />;
  if (query.isError || !query.data) return <Alert>{t('failed')}</Alert>;
  if (query.data.length === 0) return <p className="rounded-md bg-secondary-2 p-4">{empty}</p>;
  return <>{children(query.data)}</>;
}
