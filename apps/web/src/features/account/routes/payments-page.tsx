import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/button';
import { usePage } from '../../../components/page-meta';
import { Pager } from '../../../components/pager';
import { StackedCell, stacked } from '../../../components/stacked-table';
import { showMoney } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import type { Who } from '../api/account-request';
import { usePayments } from '../api/get-payments';
import { useRemoveSavedCard, useSavedCards } from '../api/saved-cards';
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
      {/* Saved cards are the signed-in customer's own, whoever's payments are shown. */}
      {who === 'me' ? <SavedCards /> : null}
    </div>
  );
}

/** The cards kept at checkout, each removable (the provider deletes it first; the list then drops it). */
function SavedCards() {
  const { t } = useTranslation('account');
  const query = useSavedCards();
  const remove = useRemoveSavedCard();
  return (
    <section aria-labelledby="saved-cards-heading" className="flex flex-col gap-2">
      <h2 id="saved-cards-heading" className="text-2xl font-bold">
        {t('savedCards.title')}
      </h2>
      <p>{t('savedCards.intro')}</p>
      <ListState query={query} empty={t('savedCards.empty')}>
        {(cards) => (
          <ul className="flex flex-col gap-2">
            {cards.map((card) => {
              const named = { brand: card.brand, last4: card.last4 };
              return (
                <li key={card.id} className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-gray-300 p-3">
                  <span>
                    <span className="block font-bold">{t('savedCards.card', named)}</span>
                    <span className="block text-sm text-gray-700">{t('savedCards.expires', { expiry: card.expiry })}</span>
                  </span>
                  <Button
                    size="sm"
                    variant="secondary"
                    aria-label={t('savedCards.removeNamed', named)}
                    isDisabled={remove.isPending}
                    onPress={() => remove.mutate(card.id, { onSuccess: () => notifySuccess(t('savedCards.removed')) })}
                  >
                    {t('savedCards.remove')}
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
      </ListState>
    </section>
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
          <div className="sm:overflow-x-auto">
            <table className={stacked.table}>
              <caption className="sr-only">{t('payments.caption')}</caption>
              <thead className={stacked.head}>
                <tr className={stacked.headRow}>
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
              <tbody className={stacked.body}>
                {items.map((o) => (
                  <tr key={o.id} className={stacked.row}>
                    <StackedCell label={t('payments.order')}>
                      <Link
                        to={`/booking-confirmed/${o.id}`}
                        aria-label={t('payments.view', { id: o.id })}
                        className="text-primary-text underline underline-offset-2"
                      >
                        {o.id}
                      </Link>
                    </StackedCell>
                    <StackedCell label={t('payments.date')}>{showDay(o.createdAt)}</StackedCell>
                    <StackedCell label={t('payments.items')}>{o.count}</StackedCell>
                    <StackedCell label={t('payments.total')}>{showMoney(o.total)}</StackedCell>
                    <StackedCell label={t('payments.status')}>{t(`payments.statuses.${o.status}`)}</StackedCell>
                    <StackedCell label={t('payments.refund')}>{t(`payments.refunds.${o.refundStatus ?? 'none'}`)}</StackedCell>
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
