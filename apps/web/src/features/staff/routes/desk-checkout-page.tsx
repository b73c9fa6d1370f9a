import { changeDue } from '@app/domain';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { deskMode } from '../../../lib/desk-mode';
import { showAmount } from '../../../lib/format';
import { selectedUser } from '../../../lib/selected-user';
import { BasketItem, BasketTotals, useCart } from '../../basket';
import { useStaffMe, useStaffVenues } from '../api';
import { inputClass, primaryClass } from '../components/staff-sign-in';
import { type DeskPayment, useDeskPay, useTills } from '../desk-api';
import { deskVenue, penceOf } from '../desk-money';
import { type StaffKey, useStaffT } from '../strings';

const tenders: DeskPayment['tenderType'][] = ['cash', 'card', 'general-credit', 'voucher'];

/**
 * The desk's checkout (issue 15, decision 163): the customer's basket (items in it may be for a linked user), paid through the front-of-house pay
 * endpoint with one tender for the whole total. Cash shows the change due as the note is typed (the domain's
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
  const checkoutPath = `/staff/customers/${customerId}/checkout?for=${who}`;
  const homePath = `/staff/customers/${customerId}`;
  if (deskMode.current()?.customerId !== customerId) deskMode.prime({ customerId, checkoutPath, homePath });
  useEffect(() => {
    deskMode.enter({ customerId, checkoutPath, homePath });
    return () => deskMode.leave();
  }, [customerId, checkoutPath, homePath]);
  useEffect(() => {
    if (staffId !== undefined) selectedUser.set(staffId, who);
  }, [staffId, who]);
  const { cart, isPending } = useCart();
  const venues = useStaffVenues();
  const venueId = venues.data?.find((v) => v.id === deskVenue.get())?.id ?? venues.data?.[0]?.id;
  const tills = useTills(venueId);
  const openTills = (tills.data ?? []).filter((x) => x.open);
  const [tillId, setTillId] = useState<number | null>(null);
  const till = openTills.find((x) => x.id === tillId) ?? openTills[0];
  const [tender, setTender] = useState<DeskPayment['tenderType']>('cash');
  const [tendered, setTendered] = useState('');
  const pay = useDeskPay();

  if (isPending || staffId === undefined || selectedUser.current() !== who) return <p role="status">{t('loading')}</p>;
  if (!cart) return <p role="alert">{t('loadFailed')}</p>;
  const total = cart.totals.total;
  const currency = cart.total.currency;
  const pence = penceOf(tendered);
  const change = tender === 'cash' && pence !== null ? changeDue(total, pence) : null;
  const credit = cart.availableCredit.general.totalAvailable;
  const canPay =
    cart.items.length > 0 &&
    (tender !== 'cash' || (till !== undefined && change !== null)) &&
    (tender !== 'general-credit' || credit >= total);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!canPay) return;
    pay.mutate(
      {
        selectedUserId: customerId,
        itemHash: cart.itemHash,
        payments: [{ tenderType: tender, amount: total }],
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
        <fieldset>
          <legend className="font-semibold">{t('tender')}</legend>
          {tenders.map((x) => (
            <label key={x} className="mt-2 flex min-h-11 items-center gap-2">
              <input type="radio" name={`${id}-tender`} value={x} checked={tender === x} onChange={() => setTender(x)} />
              {t(`tender_${x}` as StaffKey, { amount: showAmount(credit, currency) })}
            </label>
          ))}
        </fieldset>
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
        {tender === 'cash' && !till && tills.isSuccess ? <p role="alert">{t('noOpenTill')}</p> : null}
        {tender === 'cash' ? (
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
                  ? t('notEnoughCash', { amount: showAmount(total, currency) })
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
