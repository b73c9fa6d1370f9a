import { useState } from 'react';
import { Input, Label, Text, TextField } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { showAmount } from '../../../lib/format';
import type { CartView } from '../../basket';
import { type CreditKind, useApplyCredits } from '../api/apply-credits';

const kinds: CreditKind[] = ['membership', 'general'];

/** Pounds and pence as typed ('6.5', '£6.50') to the smallest unit, or null when it is not an amount. */
export function toMinorUnits(text: string): number | null {
  const clean = text.trim().replace(/^£/, '');
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(clean)) return null;
  return Math.round(Number(clean) * 100);
}

function CreditKindRow({ cart, kind, disabled }: { cart: CartView; kind: CreditKind; disabled: boolean }) {
  const { t } = useTranslation('checkout');
  const currency = cart.total.currency;
  const available = cart.availableCredit[kind];
  const applied = cart.credits.find((c) => c.tenderType === `${kind}-credit`)?.amount ?? 0;
  const [text, setText] = useState(() => (available.maxApplicable / 100).toFixed(2));
  const [invalid, setInvalid] = useState(false);
  const apply = useApplyCredits();
  const label = t(`credits.${kind}`);
  const busy = disabled || apply.isPending;

  const onApply = (e: React.FormEvent) => {
    e.preventDefault();
    const amount = toMinorUnits(text);
    if (amount === null || amount <= 0 || amount > available.maxApplicable) return setInvalid(true);
    setInvalid(false);
    apply.mutate([{ amount, type: kind }]);
  };

  return (
    <div className="flex flex-col gap-2 border-t border-gray-300 pt-3 first:border-t-0 first:pt-0">
      <h3 className="font-bold">{label}</h3>
      <p>{t('credits.available', { amount: showAmount(available.totalAvailable, currency) })}</p>
      {applied > 0 ? (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p>
            {t('credits.applied', { kind: label })}: <strong>{showAmount(applied, currency)}</strong>
          </p>
          <Button variant="secondary" size="sm" isDisabled={busy} onPress={() => apply.mutate([{ amount: 0, type: kind }])}>
            {t('credits.remove', { kind: label.toLowerCase() })}
          </Button>
        </div>
      ) : available.maxApplicable > 0 ? (
        <form noValidate onSubmit={onApply} className="flex flex-wrap items-end gap-2">
          <TextField value={text} onChange={setText} isInvalid={invalid} validationBehavior="aria" className="flex flex-col gap-1">
            <Label className="text-sm font-bold">{t('credits.amount', { kind: label.toLowerCase() })}</Label>
            <Input
              inputMode="decimal"
              className="min-h-11 w-32 rounded-md border border-gray-500 bg-white px-3 py-2 data-[invalid]:border-red-700"
            />
            <Text slot="description" className="text-sm text-gray-700">
              {t('credits.maxApplicable', { amount: showAmount(available.maxApplicable, currency) })}
            </Text>
            {invalid ? (
              <Text slot="errorMessage" className="text-sm font-bold text-red-700">
                {t('credits.amountInvalid', { max: showAmount(available.maxApplicable, currency) })}
              </Text>
            ) : null}
          </TextField>
          <Button type="submit" variant="secondary" isDisabled={busy}>
            {t('credits.apply', { kind: label.toLowerCase() })}
          </Button>
        </form>
      ) : null}
    </div>
  );
}

/** Membership and general credit: what the customer has, what may go on this basket, apply and remove (doc 1, s. 3 and 4). */
export function CreditsPanel({ cart, disabled = false }: { cart: CartView; disabled?: boolean }) {
  const { t } = useTranslation('checkout');
  const shown = kinds.filter(
    (kind) => cart.availableCredit[kind].totalAvailable > 0 || cart.credits.some((c) => c.tenderType === `${kind}-credit` && c.amount > 0),
  );
  if (shown.length === 0) return null;
  return (
    <section aria-labelledby="checkout-credits" className="flex flex-col gap-3 rounded-lg border border-gray-300 p-4">
      <h2 id="checkout-credits" className="font-heading text-2xl font-bold">
        {t('credits.title')}
      </h2>
      {shown.map((kind) => (
        <CreditKindRow key={`${kind}-${cart.itemHash}`} cart={cart} kind={kind} disabled={disabled} />
      ))}
    </section>
  );
}
