import { useEffect, useRef } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { showAmount, showDateTime, showMoney } from '../../../lib/format';
import { primaryClass } from '../components/staff-sign-in';
import { useReceipt } from '../desk-api';
import { useStaffT } from '../strings';

/*
 * Printing shows the receipt alone: the console's header and navigation, and the receipt's own buttons, are hidden.
 * Kept in this page (not the app's CSS) because only this page prints.
 */
const printCss = `@media print {
  body * { visibility: hidden; }
  .desk-receipt, .desk-receipt * { visibility: visible; }
  .desk-receipt { position: absolute; inset: 0 auto auto 0; width: 80mm; border: 0; padding: 0; }
}`;

/** How a tender reads on the receipt, as the emailed receipt names them. */
const tenderNames: Record<string, string> = {
  cash: 'Cash',
  card: 'Card',
  voucher: 'Voucher',
  'general-credit': 'Account credit',
  'membership-credit': 'Membership credit',
};

/** A desk sale's receipt (issue 15, decision 163): printable; the same receipt is emailed by the order's email job. */
export function ReceiptPage() {
  const t = useStaffT();
  const orderId = Number(useParams().orderId);
  const change = Number(useSearchParams()[0].get('change'));
  const order = useReceipt(orderId);
  const heading = useRef<HTMLHeadingElement>(null);
  const loaded = order.isSuccess;
  useEffect(() => {
    if (loaded) heading.current?.focus();
  }, [loaded]);

  if (order.isPending) return <p role="status">{t('loading')}</p>;
  if (order.isError) return <p role="alert">{t('loadFailed')}</p>;
  const o = order.data;
  const currency = o.total.currency;
  return (
    <article className="desk-receipt max-w-md rounded border border-gray-300 bg-white p-6">
      <style>{printCss}</style>
      <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold">
        {t('receiptTitle')}
      </h1>
      <p>{t('receiptOrder', { id: o.id })}</p>
      <p>{showDateTime(o.createdAt)}</p>
      <table className="mt-4 w-full">
        <tbody>
          {o.lineItems.map((l) => (
            <tr key={l.id}>
              <td className="py-1">
                {l.name}
                {l.booking ? <span className="block text-sm text-gray-700">{l.booking.startsAt.local.slice(0, 16)}</span> : null}
              </td>
              <td className="py-1 text-right">{showMoney(l.lineTotal)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="border-t border-gray-700 font-bold">
            <td className="py-1">{t('receiptTotal')}</td>
            <td className="py-1 text-right">{showMoney(o.total)}</td>
          </tr>
        </tfoot>
      </table>
      <h2 className="mt-4 font-bold">{t('receiptPaid')}</h2>
      <ul>
        {o.payments.map((p) => (
          <li key={p.tenderType} className="flex justify-between">
            <span>{tenderNames[p.tenderType] ?? p.tenderType}</span>
            <span>{showMoney(p.amount)}</span>
          </li>
        ))}
      </ul>
      {change > 0 ? <p className="mt-2 font-bold">{t('receiptChange', { amount: showAmount(change, currency) })}</p> : null}
      <p className="mt-4 text-sm">{t('receiptEmailed')}</p>
      <div className="mt-4 flex flex-wrap gap-3 print:hidden">
        <button type="button" className={primaryClass} onClick={() => window.print()}>
          {t('print')}
        </button>
        <Link className="inline-flex min-h-11 items-center font-semibold underline" to="/staff">
          {t('navCustomers')}
        </Link>
      </div>
    </article>
  );
}
