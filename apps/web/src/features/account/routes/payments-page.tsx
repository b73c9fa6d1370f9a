import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePage } from '../../../components/page-meta';
import { Pager } from '../../../components/pager';
import type { Who } from '../api/account-request';
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
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-4xl font-bold">{t('payments.title')}</h1>
      {/* Keyed by whose account it is, so showing a linked user's payments starts again at their first page. */}
      <PaymentList key={who} who={who} />
    </div>
  );
}

/** One page of the orders, twenty at a time, with the pager when there are more. */
function PaymentList({ who }: { who: Who }) {
  const { t } = useTranslation('account');
  const [page, setPage] = useState(1);
  const query = usePayments(who, page);
  const meta = query.data?.meta;
  const pages = typeof meta?.totalPages === 'number' ? meta.totalPages : 1;
  return (
    <>
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
      <Pager page={page} totalPages={pages} onChange={setPage} />
    </>
  );
}
