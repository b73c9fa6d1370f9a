import { zodResolver } from '@hookform/resolvers/zod';
import { LoaderCircle, Lock } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/fields';
import type { FieldErrors } from '../../../lib/api';
import { termsAgreement } from '../../../lib/terms-agreement';
import { TermsCheckbox } from '../../basket';
import { type CheckoutValues, checkoutFormSchema } from '../checkout-schema';

interface CheckoutFormProps {
  amount: string;
  /** The operator's terms (HTML); null when there are none, and then no checkbox. */
  terms: string | null;
  defaultName: { firstName: string; lastName: string };
  onPay: (values: CheckoutValues) => Promise<void> | void;
  processing: boolean;
  error: string | null;
  cardErrors?: FieldErrors;
}

const cardFields = ['card_number', 'expiry', 'security_code', 'card_holder_name'] as const;

/**
 * Billing details, the card and the terms, and one Pay button. The button is disabled from the first press until
 * the payment ends, and a second submit while one is running is ignored, so a double click cannot pay twice.
 */
export function CheckoutForm({ amount, terms, defaultName, onPay, processing, error, cardErrors = {} }: CheckoutFormProps) {
  const { t } = useTranslation('checkout');
  const submitting = useRef(false);
  const [busy, setBusy] = useState(false);
  const form = useForm<CheckoutValues>({
    resolver: zodResolver(checkoutFormSchema(Boolean(terms))),
    defaultValues: {
      billing_first_name: defaultName.firstName,
      billing_last_name: defaultName.lastName,
      billing_address_1: '',
      billing_address_2: '',
      billing_city: '',
      billing_postcode: '',
      card_number: '',
      expiry: '',
      security_code: '',
      card_holder_name: '',
      terms: termsAgreement.get(),
    },
  });

  useEffect(() => {
    for (const field of cardFields) {
      const message = cardErrors[field]?.[0];
      if (message) form.setError(field, { message });
    }
  }, [cardErrors, form]);

  const onSubmit = form.handleSubmit(async (values) => {
    if (submitting.current || processing) return;
    submitting.current = true;
    setBusy(true);
    try {
      await onPay(values);
    } finally {
      submitting.current = false;
      setBusy(false);
    }
  });

  const disabled = busy || processing;
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-6" aria-busy={disabled}>
      <fieldset className="flex flex-col gap-4 rounded-lg border border-gray-300 p-4">
        <legend className="px-1 font-heading text-2xl font-bold">{t('billing.legend')}</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField control={form.control} name="billing_first_name" label={t('billing.firstName')} autoComplete="given-name" isRequired />
          <TextField control={form.control} name="billing_last_name" label={t('billing.lastName')} autoComplete="family-name" isRequired />
        </div>
        <TextField control={form.control} name="billing_address_1" label={t('billing.address1')} autoComplete="address-line1" isRequired />
        <TextField control={form.control} name="billing_address_2" label={t('billing.address2')} autoComplete="address-line2" />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField control={form.control} name="billing_city" label={t('billing.city')} autoComplete="address-level2" isRequired />
          <TextField control={form.control} name="billing_postcode" label={t('billing.postcode')} autoComplete="postal-code" isRequired />
        </div>
      </fieldset>
      <fieldset className="flex flex-col gap-4 rounded-lg border border-gray-300 p-4">
        <legend className="px-1 font-heading text-2xl font-bold">{t('card.legend')}</legend>
        <p className="text-sm text-gray-700">{t('card.testHint')}</p>
        <TextField
          control={form.control}
          name="card_number"
          label={t('card.number')}
          autoComplete="cc-number"
          inputMode="numeric"
          isRequired
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            control={form.control}
            name="expiry"
            label={t('card.expiry')}
            autoComplete="cc-exp"
            inputMode="numeric"
            placeholder="MM/YY"
            isRequired
          />
          <TextField
            control={form.control}
            name="security_code"
            label={t('card.securityCode')}
            autoComplete="cc-csc"
            inputMode="numeric"
            isRequired
          />
        </div>
        <TextField control={form.control} name="card_holder_name" label={t('card.name')} autoComplete="cc-name" isRequired />
      </fieldset>
      {terms ? (
        <Controller
          control={form.control}
          name="terms"
          render={({ field, fieldState }) => (
            <div className="flex flex-col gap-1">
              <TermsCheckbox
                terms={terms}
                agreed={Boolean(field.value)}
                isInvalid={fieldState.invalid}
                onChange={(value) => {
                  field.onChange(value);
                  termsAgreement.set(value);
                  if (value) form.clearErrors('terms');
                }}
              />
              {fieldState.error ? <p className="text-sm font-bold text-red-700">{fieldState.error.message}</p> : null}
            </div>
          )}
        />
      ) : null}
      {error ? <Alert>{error}</Alert> : null}
      <Button type="submit" isDisabled={disabled} className="w-full sm:w-auto sm:self-start">
        {disabled ? (
          <>
            <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />
            {t('processing')}
          </>
        ) : (
          <>
            <Lock aria-hidden="true" className="size-5" />
            {t('pay', { amount })}
          </>
        )}
      </Button>
    </form>
  );
}
