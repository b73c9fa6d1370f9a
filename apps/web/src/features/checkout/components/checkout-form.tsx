import { ourMessages } from '@app/contracts';
import { Check, CreditCard, LoaderCircle, Lock } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { Radio, RadioGroup } from 'react-aria-components';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { ErrorSummary } from '../../../components/error-summary';
import { Checkbox, TextField } from '../../../components/fields';
import type { FieldErrors } from '../../../lib/api';
import { resolverWithWords, summaryOf } from '../../../lib/form-words';
import { termsAgreement } from '../../../lib/terms-agreement';
import { TermsCheckbox } from '../../basket';
import { type CardMode, type CheckoutValues, checkoutFormSchema } from '../checkout-schema';

export interface SavedCard {
  id: number;
  last4: string;
  brand: string;
  expiry: string;
}

interface CheckoutFormProps {
  amount: string;
  /** The operator's terms (HTML); null when there are none, and then no checkbox. */
  terms: string | null;
  defaultName: { firstName: string; lastName: string };
  onPay: (values: CheckoutValues, mode: CardMode) => Promise<void> | void;
  processing: boolean;
  error: string | null;
  cardErrors?: FieldErrors;
  /** False when credit covers the basket: no card, no billing address, and the button completes the order. */
  cardRequired?: boolean;
  savedCard?: SavedCard | null;
  /** Whether credit is what leaves nothing to pay (otherwise the basket is free). */
  paidByCredit?: boolean;
  /** The provider's own card fields (decision 112), shown instead of ours for a new card; null for the sandbox. */
  hostedCard?: ReactNode;
  /** With the provider's own fields: whether the provider can keep the card for later (decision 142). */
  canSaveCard?: boolean;
}

const cardFields = ['card_number', 'expiry', 'security_code', 'card_holder_name'] as const;

/** The fields in the order they are drawn, for the error summary, and each one's input id. */
const order = [
  'billing_first_name',
  'billing_last_name',
  'billing_address_1',
  'billing_address_2',
  'billing_city',
  'billing_postcode',
  'card_number',
  'expiry',
  'security_code',
  'card_holder_name',
  'terms',
] as const;
const idOf = (name: string) => `checkout-${name.replaceAll('_', '-')}`;
/** What each required field needs, said as what to do (issue 13, defect 7); format errors keep the contract's words. */
const words = {
  billing_first_name: { empty: ourMessages.enterFirstName },
  billing_last_name: { empty: ourMessages.enterLastName },
  billing_address_1: { empty: ourMessages.enterAddressLine1 },
  billing_city: { empty: ourMessages.enterTown },
  billing_postcode: { empty: ourMessages.enterPostcode },
  card_number: { empty: ourMessages.enterCardNumber },
  expiry: { empty: ourMessages.enterExpiry },
  security_code: { empty: ourMessages.enterSecurityCode },
  card_holder_name: { empty: ourMessages.enterCardName },
};

function SavedCardChoice({ savedCard, value, onChange }: { savedCard: SavedCard; value: boolean; onChange: (v: boolean) => void }) {
  const { t } = useTranslation('checkout');
  const option =
    'group flex min-h-11 cursor-pointer items-center gap-3 rounded-md border border-gray-300 p-3 data-[selected]:border-primary data-[focus-visible]:outline-3 data-[focus-visible]:outline-offset-2 data-[focus-visible]:outline-primary-text';
  const dot = (
    <span
      aria-hidden="true"
      className="flex size-5 shrink-0 items-center justify-center rounded-full border-2 border-gray-600 group-data-[selected]:border-primary"
    >
      <span className="size-2.5 rounded-full group-data-[selected]:bg-primary" />
    </span>
  );
  return (
    <RadioGroup
      value={value ? 'saved' : 'new'}
      onChange={(v) => onChange(v === 'saved')}
      aria-label={t('card.choose')}
      className="flex flex-col gap-2"
    >
      <Radio value="saved" className={option}>
        {dot}
        <CreditCard aria-hidden="true" className="size-5" />
        {t('card.saved', { brand: savedCard.brand, last4: savedCard.last4, expiry: savedCard.expiry })}
      </Radio>
      <Radio value="new" className={option}>
        {dot}
        {t('card.new')}
      </Radio>
    </RadioGroup>
  );
}

/**
 * Billing details, the card (or the saved card) and the terms, and one Pay button, disabled while the payment runs.
 * The form keeps no double-submit guard of its own: `onPay` (usePay's `pay`) ignores a press while a payment runs, so a
 * double click cannot pay twice. When credit covers the basket there is nothing to pay by card and the button
 * completes the order.
 */
export function CheckoutForm({
  amount,
  terms,
  defaultName,
  onPay,
  processing,
  error,
  cardErrors = {},
  cardRequired = true,
  savedCard = null,
  paidByCredit = true,
  hostedCard = null,
  canSaveCard = false,
}: CheckoutFormProps) {
  const { t } = useTranslation('checkout');
  const modeOf = (useSaved: boolean): CardMode => (!cardRequired ? 'none' : useSaved && savedCard ? 'saved' : 'new');
  const resolver: Resolver<CheckoutValues> = (values, context, options) =>
    resolverWithWords<CheckoutValues>(checkoutFormSchema(Boolean(terms), modeOf(values.use_saved_card), Boolean(hostedCard)), words)(
      values,
      context,
      options,
    );
  const [attempt, setAttempt] = useState(0);
  const form = useForm<CheckoutValues>({
    resolver,
    // The error summary takes focus on a failed submit, and its links lead to each field (GOV.UK pattern).
    shouldFocusError: false,
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
      use_saved_card: Boolean(savedCard),
      save_card: false,
      terms: termsAgreement.get(),
    },
  });
  // Agreed in the basket: the agreement counts, and checkout says so rather than asking again (issue 13, defect 16).
  const [agreedInBasket] = useState(() => termsAgreement.get());
  const useSaved = form.watch('use_saved_card');
  const mode = modeOf(useSaved);

  useEffect(() => {
    if (savedCard) form.setValue('use_saved_card', true);
  }, [savedCard, form]);

  useEffect(() => {
    for (const field of cardFields) {
      const message = cardErrors[field]?.[0];
      if (message) form.setError(field, { message });
    }
    if (cardFields.some((field) => cardErrors[field]?.[0])) setAttempt((n) => n + 1);
  }, [cardErrors, form]);

  const onSubmit = form.handleSubmit(
    (values) => onPay(values, mode),
    () => setAttempt((n) => n + 1),
  );
  const errors = summaryOf(form.formState.errors, order, idOf);

  const disabled = processing;
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-6" aria-busy={disabled}>
      <ErrorSummary title={ourMessages.errorSummaryTitle} errors={errors} attempt={attempt} />
      {mode === 'none' ? (
        <Alert tone="info">{paidByCredit ? t('coveredByCredit') : t('nothingToPay')}</Alert>
      ) : (
        <fieldset className="flex flex-col gap-4 rounded-lg border border-gray-300 p-4">
          <legend className="px-1 font-heading text-2xl font-bold">{t('billing.legend')}</legend>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              control={form.control}
              name="billing_first_name"
              id={idOf('billing_first_name')}
              label={t('billing.firstName')}
              autoComplete="given-name"
              isRequired
            />
            <TextField
              control={form.control}
              name="billing_last_name"
              id={idOf('billing_last_name')}
              label={t('billing.lastName')}
              autoComplete="family-name"
              isRequired
            />
          </div>
          <TextField
            control={form.control}
            name="billing_address_1"
            id={idOf('billing_address_1')}
            label={t('billing.address1')}
            autoComplete="address-line1"
            isRequired
          />
          <TextField
            control={form.control}
            name="billing_address_2"
            id={idOf('billing_address_2')}
            label={t('billing.address2')}
            autoComplete="address-line2"
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              control={form.control}
              name="billing_city"
              id={idOf('billing_city')}
              label={t('billing.city')}
              autoComplete="address-level2"
              isRequired
            />
            <TextField
              control={form.control}
              name="billing_postcode"
              id={idOf('billing_postcode')}
              label={t('billing.postcode')}
              autoComplete="postal-code"
              isRequired
            />
          </div>
        </fieldset>
      )}
      {mode === 'none' ? null : (
        <fieldset className="flex flex-col gap-4 rounded-lg border border-gray-300 p-4">
          <legend className="px-1 font-heading text-2xl font-bold">{t('card.legend')}</legend>
          {savedCard ? (
            <SavedCardChoice savedCard={savedCard} value={useSaved} onChange={(v) => form.setValue('use_saved_card', v)} />
          ) : null}
          {mode === 'new' && hostedCard ? hostedCard : null}
          {mode === 'new' && !hostedCard ? (
            <>
              <p className="text-sm text-gray-700">{t('card.testHint')}</p>
              <TextField
                control={form.control}
                name="card_number"
                id={idOf('card_number')}
                label={t('card.number')}
                autoComplete="cc-number"
                inputMode="numeric"
                isRequired
              />
              <div className="grid gap-4 sm:grid-cols-2">
                <TextField
                  control={form.control}
                  name="expiry"
                  id={idOf('expiry')}
                  label={t('card.expiry')}
                  autoComplete="cc-exp"
                  inputMode="numeric"
                  placeholder="MM/YY"
                  isRequired
                />
                <TextField
                  control={form.control}
                  name="security_code"
                  id={idOf('security_code')}
                  label={t('card.securityCode')}
                  autoComplete="cc-csc"
                  inputMode="numeric"
                  isRequired
                />
              </div>
              <TextField
                control={form.control}
                name="card_holder_name"
                id={idOf('card_holder_name')}
                label={t('card.name')}
                autoComplete="cc-name"
                isRequired
              />
            </>
          ) : null}
          {mode === 'new' && (!hostedCard || canSaveCard) ? (
            <Controller
              control={form.control}
              name="save_card"
              render={({ field }) => (
                <Checkbox isSelected={Boolean(field.value)} onChange={field.onChange}>
                  {t('card.saveCard')}
                </Checkbox>
              )}
            />
          ) : null}
        </fieldset>
      )}
      {terms && agreedInBasket ? (
        <p className="flex items-center gap-2">
          <Check aria-hidden="true" className="size-5 text-green-700" />
          {t('termsAgreedInBasket')}
        </p>
      ) : terms ? (
        <Controller
          control={form.control}
          name="terms"
          render={({ field, fieldState }) => (
            <div id={idOf('terms')} className="flex flex-col gap-1">
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
            {mode === 'none' ? t('completeWithCredit') : t('pay', { amount })}
          </>
        )}
      </Button>
    </form>
  );
}
