import { changeDue } from '@app/domain';
import { type FormEvent, useId, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { showAmount } from '../../../lib/format';
import { selectedUser } from '../../../lib/selected-user';
import { BasketItem, BasketTotals, useCart } from '../../basket';
import { useStaffMe, useStaffVenues } from '../api';
import { inputClass, primaryClass } from '../components/staff-sign-in';
import { useDeskPay, useTills } from '../desk-api';
import { deskVenue, penceOf, type Tender, type TenderLine, tenderLines } from '../desk-money';
import { type StaffKey, useStaffT } from '../strings';
import { useDeskBooking } from '../use-desk-booking';

const tenders: Tender[] = ['cash', 'card', 'general-credit', 'voucher'];

/**
 * The desk's checkout (issue 15, decision 163): the customer's basket (items in it may be for a linked user), paid through the front-of-house pay
 * endpoint with one tender for the whole total, or split across several (part cash, part card: decision 261), each
 * line its own amount and together the total. Cash shows the change due as the note is typed (the domain's
 * changeDue) and records the amount kept against the open till; a card is taken on the desk's own terminal and only
 * recorded; credit spends the customer's account credit.
 */
export function DeskCheckoutPage() {
  const t = useStaffT();
  const id = useId();
  const navigate = useNavigate();
  const customerId = Number(useParams().customerId);
  const who = Number(useSearchParams()[0].get('for')) || customerId;
  const me = useStaffMe();
  const staffId = me.data?.id;
  // The customer's basket (desk mode, set during render so the first basket call is already theirs), whoever each
  // item in it is for.
  useDeskBooking(customerId, who, undefined);
  const { cart, isPending } = useCart();
  const venues = useStaffVenues();
  const venueId = venues.data?.find((v) => v.id === deskVenue.get())?.id ?? venues.data?.[0]?.id;
  const tills = useTills(venueId);
  const openTills = (tills.data ?? []).filter((x) => x.open);
  const [tillId, setTillId] = useState<number | null>(null);
  const till = openTills.find((x) => x.id === tillId) ?? openTills[0];
  const [lines, setLines] = useState<TenderLine[]>([{ tender: 'cash', amount: '' }]);
  const [tendered, setTendered] = useState('');
  const pay = useDeskPay();

  if (isPending || staffId === undefined || selectedUser.current() !== who) return <p role="status">{t('loading')}</p>;
  if (!cart) return <p role="alert">{t('loadFailed')}</p>;
  const total = cart.totals.total;
  const currency = cart.total.currency;
  const split = tenderLines(lines, total);
  const paysCash = split.cash > 0;
  const pence = penceOf(tendered);
  const change = paysCash && pence !== null ? changeDue(split.cash, pence) : null;
  const credit = cart.availableCredit.general.totalAvailable;
  const canPay =
    cart.items.length > 0 &&
    split.payments !== null &&
    split.left === 0 &&
    (!paysCash || (till !== undefined && change !== null)) &&
    credit >= split.credit;
  const setLine = (i: number, change: Partial<TenderLine>) => setLines((all) => all.map((l, j) => (j === i ? { ...l, ...change } : l)));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!canPay) return;
    pay.mutate(
      {
        selectedUserId: customerId,
        itemHash: cart.itemHash,
        payments: split.payments ?? [],
        ...(till ? { tillId: String(till.id) } : {}),
      },
      {
        onSuccess: (done) =>
          navigate(`/staff/receipts/${done.orderId ?? done.completeOrderId}${change !== null ? `?change=${change}` : ''}`),
      },
    );
  };

  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold">{t('deskCheckout')}</h1>
      {cart.items.length === 0 ? <p>{t('basketEmpty')}</p> : null}
      <div className="flex flex-col gap-3">
        {cart.items.map((item) => (
          <BasketItem key={item.id} item={item} headingLevel="h2" />
        ))}
      </div>
      {cart.items.length > 0 ? <BasketTotals cart={cart} /> : null}
      <form onSubmit={submit} className="flex flex-col gap-4 rounded border border-gray-300 bg-white p-4">
        {lines.map((line, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a payment line is its place in the list
          <fieldset key={i} className="flex flex-col gap-2">
            <legend className="font-semibold">{lines.length === 1 ? t('tender') : t('paymentN', { n: i + 1 })}</legend>
            {tenders.map((x) => (
              <label key={x} className="flex min-h-11 items-center gap-2">
                <input
                  type="radio"
                  name={`${id}-tender-${i}`}
                  value={x}
                  checked={line.tender === x}
                  onChange={() => setLine(i, { tender: x })}
                />
                {t(`tender_${x}` as StaffKey, { amount: showAmount(credit, currency) })}
              </label>
            ))}
            {lines.length > 1 ? (
              <div className="flex flex-wrap items-end gap-3">
                <div>
                  <label htmlFor={`${id}-amount-${i}`} className="font-semibold">
                    {t('paymentAmount', { n: i + 1 })}
                  </label>
                  <input
                    id={`${id}-amount-${i}`}
                    inputMode="decimal"
                    value={line.amount}
                    onChange={(e) => setLine(i, { amount: e.target.value })}
                    className={inputClass}
                  />
                </div>
                <button
                  type="button"
                  className="min-h-11 font-semibold underline"
                  onClick={() => setLines((all) => all.filter((_, j) => j !== i))}
                >
                  {t('removePayment', { n: i + 1 })}
                </button>
              </div>
            ) : null}
          </fieldset>
        ))}
        <div className="flex flex-wrap items-center gap-3">
          <button
            type="button"
            className="min-h-11 font-semibold underline"
            // A new line starts with what is left to pay; the first line, until now the whole total, keeps it.
            onClick={() =>
              setLines((all) => [
                ...all.map((l) => (all.length === 1 ? { ...l, amount: (total / 100).toFixed(2) } : l)),
                { tender: 'card', amount: split.left > 0 && all.length > 1 ? (split.left / 100).toFixed(2) : '' },
              ])
            }
          >
            {lines.length === 1 ? t('addPayment') : t('addAnotherPayment')}
          </button>
          {lines.length > 1 ? (
            <p aria-live="polite" className="font-bold">
              {split.left >= 0
                ? t('leftToPay', { amount: showAmount(split.left, currency) })
                : t('paidTooMuch', { amount: showAmount(-split.left, currency) })}
            </p>
          ) : null}
        </div>
        {openTills.length > 1 ? (
          <div>
            <label htmlFor={`${id}-till`} className="font-semibold">
              {t('till')}
            </label>
            <select id={`${id}-till`} value={till?.id} onChange={(e) => setTillId(Number(e.target.value))} className={inputClass}>
              {openTills.map((x) => (
                <option key={x.id} value={x.id}>
                  {x.name}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        {paysCash && !till && tills.isSuccess ? <p role="alert">{t('noOpenTill')}</p> : null}
        {paysCash ? (
          <div>
            <label htmlFor={`${id}-tendered`} className="font-semibold">
              {t('tendered')}
            </label>
            <input
              id={`${id}-tendered`}
              inputMode="decimal"
              value={tendered}
              onChange={(e) => setTendered(e.target.value)}
              className={inputClass}
              aria-describedby={`${id}-change`}
            />
            <p id={`${id}-change`} aria-live="polite" className="mt-2 text-xl font-bold">
              {pence === null
                ? ''
                : change === null
                  ? t('notEnoughCash', { amount: showAmount(split.cash, currency) })
                  : t('changeDue', { amount: showAmount(change, currency) })}
            </p>
          </div>
        ) : null}
        {pay.isError ? (
          <p role="alert" className="text-red-800">
            {pay.error.message}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-3">
          <button type="submit" className={primaryClass} disabled={!canPay || pay.isPending}>
            {t('takePayment', { amount: showAmount(total, currency) })}
          </button>
          <Link className="inline-flex min-h-11 items-center font-semibold underline" to={`/staff/customers/${customerId}/book?for=${who}`}>
            {t('addMore')}
          </Link>
        </div>
      </form>
    </div>
  );
}
