import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/alert';
import { NotFoundMessage } from '../../../components/error-pages';
import { usePage } from '../../../components/page-meta';
import { PageSpinner } from '../../../components/spinner';
import { statusOf } from '../../../lib/api';
import { showDateTime } from '../../../lib/format';
import { useOutbox } from '../api/get-outbox';

/** /dev/outbox: the development page listing email that was written to the outbox instead of sent. */
export function OutboxPage() {
  const { t } = useTranslation('outbox');
  usePage({ title: t('title') });
  const outbox = useOutbox();
  if (statusOf(outbox.error) === 404) return <NotFoundMessage />;
  return (
    <div className="flex max-w-3xl flex-col gap-4">
      <h1 className="text-4xl font-bold">{t('title')}</h1>
      <p>{t('intro')}</p>
      {outbox.isPending ? <PageSpinner label={t('title')} /> : null}
      {outbox.isError ? <Alert>{t('failed')}</Alert> : null}
      {outbox.data?.length === 0 ? <p className="rounded-md bg-secondary-2 p-4">{t('empty')}</p> : null}
      <ul className="flex flex-col gap-4">
        {outbox.data?.map((m) => (
          <li key={m.id}>
            <article aria-labelledby={`email-${m.id}`} className="flex flex-col gap-2 rounded-lg border border-gray-300 p-4">
              <h2 id={`email-${m.id}`} className="text-xl font-bold">
                {m.subject}
              </h2>
              <p className="text-sm text-gray-700">{t('meta', { to: m.to, at: showDateTime(m.createdAt) })}</p>
              <pre className="whitespace-pre-wrap break-words font-body">{m.text}</pre>
            </article>
          </li>
        ))}
      </ul>
    </div>
  );
}
