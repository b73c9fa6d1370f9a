import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePage } from '../../../components/page-meta';
import { usePayments } from '../api/get-payments';
import { ListState } from '../components/list-state';
import { showDay } from '../format';
import { accountPaths } from '../paths';
import { useAccount } from '../use-account';

/** /payments: orders with their status and refund status, newest first. */
export function PaymentsPage() {
  const { t } = useTranslation('account');
  usePage({ title: t('payments.title'), crumbs: [{ label: t('nav.label'), to: accountPaths.dashboard }, { label: t('payments.title') }] });
  const { who } = useAccount();
  const query = usePayments(who);
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-4xl font-bold">{t('payments.title')}</h1>
      <ListState query={{ ...query, data: query.data?.items }} empty={t('payments.empty')}>
        {(items) => (
          <div className="overflow-x-auto">
            <table className="w-full border-collapse text-left">
              <caption className="sr-only">{t('payments.caption')}</caption>
              <thead>
                <tr className="border-b-2 border-gray-400">
                  <th scope="col" className="p-2">
                    {t('payments.order')}
                  </th>
                  <th scope="col" className="p-2">
                    {t('payments.date')}
                  </th>
                  <th scope="col" className="p-2">
                    {t('payments.items')}
                  </th>
                  <th scope="col" className="p-2">
                    {t('payments.total')}
                  </th>
                  <th scope="col" className="p-2">
                    {t('payments.status')}
                  </th>
                  <th scope="col" className="p-2">
                    {t('payments.refund')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {items.map((o) => (
                  <tr key={o.id} className="border-b border-gray-300">
                    <td className="p-2">
                      <Link
                        to={`/booking-confirmed/${o.id}`}
                        aria-label={t('payments.view', { id: o.id })}
                        className="text-primary-text underline underline-offset-2"
                      >
                        {o.id}
                      </Link>
                    </td>
                    <td className="p-2">{showDay(o.createdAt)}</td>
                    <td className="p-2">{o.count}</td>
                    <td className="p-2">{o.total.formatted}</td>
                    <td className="p-2">{t(`payments.statuses.${o.status}`)}</td>
                    <td className="p-2">{t(`payments.refunds.${o.refundStatus ?? 'none'}`)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </ListState>
    </div>
  );
}
