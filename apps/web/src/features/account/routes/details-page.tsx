import { ourMessages } from '@app/contracts';
import { useState } from 'react';
import { Controller, type FieldPath, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { ErrorSummary } from '../../../components/error-summary';
import { Checkbox, TextField } from '../../../components/fields';
import { usePage } from '../../../components/page-meta';
import { PageSpinner } from '../../../components/spinner';
import { isApiError, messageOf } from '../../../lib/api';
import { resolverWithWords, summaryOf } from '../../../lib/form-words';
import { notifySuccess } from '../../../lib/notify';
import type { account as accountStrings } from '../../../locales/en-GB/account';
import { type AccountDetails, useDetails } from '../api/get-details';
import { useUpdateDetails } from '../api/update-details';
import { type DetailsFormValues, detailsBody, detailsFormSchema, detailsFormValues } from '../details-form-schema';
import { showDay } from '../format';
import { accountPaths } from '../paths';
import { useAccount } from '../use-account';

/** /user-details: My details, shown, and edited in place with the contract's validation. */
export function DetailsPage() {
  const { t } = useTranslation('account');
  usePage({ title: t('details.title'), crumbs: [{ label: t('nav.label'), to: accountPaths.dashboard }, { label: t('details.title') }] });
  const { who } = useAccount();
  const details = useDetails(who);
  const [editing, setEditing] = useState(false);

  return (
    <div className="flex max-w-2xl flex-col gap-4">
      <h1 className="text-4xl font-bold">{t('details.title')}</h1>
      {details.isPending ? <PageSpinner label={t('loading')} /> : null}
      {details.isError ? <Alert>{t('failed')}</Alert> : null}
      {details.data && editing ? <DetailsForm key={details.data.id} details={details.data} onDone={() => setEditing(false)} /> : null}
      {details.data && !editing ? (
        <>
          <DetailsView details={details.data} />
          <Button className="self-start" onPress={() => setEditing(true)}>
            {t('details.edit')}
          </Button>
        </>
      ) : null}
    </div>
  );
}

function DetailsView({ details: d }: { details: AccountDetails }) {
  const { t } = useTranslation('account');
  const given = (v: string | null | undefined) => (v ? v : t('details.notGiven'));
  const yesNo = (v: boolean) => (v ? t('details.yes') : t('details.no'));
  const rows: [string, string][] = [
    [t('details.fields.title'), given(d.title)],
    [t('details.fields.firstName'), d.firstName],
    [t('details.fields.lastName'), d.lastName],
    [t('details.fields.email'), d.email],
    [t('details.fields.reference'), d.reference],
    [t('details.fields.phone'), given(d.phone)],
    [t('details.fields.dateOfBirth'), given(showDay(d.dateOfBirth))],
    [t('details.address'), given([d.address?.line1, d.address?.line2, d.address?.town, d.address?.postcode].filter(Boolean).join(', '))],
    [`${t('details.marketing')}: ${t('details.fields.marketingEmail')}`, yesNo(d.marketingEmail)],
    [`${t('details.marketing')}: ${t('details.fields.marketingSms')}`, yesNo(d.marketingSms)],
    [`${t('details.marketing')}: ${t('details.fields.marketingPhone')}`, yesNo(d.marketingPhone)],
    [`${t('details.marketing')}: ${t('details.fields.marketingPost')}`, yesNo(d.marketingPost)],
  ];
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-2 rounded-lg border border-gray-300 p-4 sm:grid-cols-[auto_1fr]">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="font-bold">{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

type FieldKey = keyof typeof accountStrings.details.fields;

const marketing = [
  ['marketing_email', 'marketingEmail'],
  ['marketing_sms', 'marketingSms'],
  ['marketing_phone', 'marketingPhone'],
  ['marketing_post', 'marketingPost'],
] as const;

/** The fields in the order they are drawn, for the error summary, and each one's input id. */
const order = [
  'title',
  'first_name',
  'last_name',
  'date_of_birth',
  'phone',
  'address.line1',
  'address.line2',
  'address.town',
  'address.postcode',
] as const;
const idOf = (name: string) => `details-${name.replace(/[._]/g, '-')}`;
const words = {
  first_name: { empty: ourMessages.enterFirstName },
  last_name: { empty: ourMessages.enterLastName },
};

function DetailsForm({ details, onDone }: { details: AccountDetails; onDone: () => void }) {
  const { t } = useTranslation('account');
  const { who } = useAccount();
  const update = useUpdateDetails();
  const [attempt, setAttempt] = useState(0);
  const form = useForm<DetailsFormValues>({
    resolver: resolverWithWords<DetailsFormValues>(detailsFormSchema, words),
    // The error summary takes focus on a failed submit, and its links lead to each field (GOV.UK pattern).
    shouldFocusError: false,
    defaultValues: detailsFormValues(details),
  });
  const errors = summaryOf(form.formState.errors, order, idOf);
  const f = (key: FieldKey) => t(`details.fields.${key}`);

  const onSubmit = form.handleSubmit(
    (values) =>
      update.mutate(
        { who, body: detailsBody(values) },
        {
          onSuccess: (res) => {
            notifySuccess(res.message ?? t('details.saved'));
            onDone();
          },
          onError: (error) => {
            if (!isApiError(error)) return;
            for (const [field, messages] of Object.entries(error.fieldErrors)) {
              if (messages[0]) form.setError(field as FieldPath<DetailsFormValues>, { message: messages[0] });
            }
            setAttempt((n) => n + 1);
          },
        },
      ),
    () => setAttempt((n) => n + 1),
  );

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-6">
      <ErrorSummary title={ourMessages.errorSummaryTitle} errors={errors} attempt={attempt} />
      {/* A refusal about a field shows at the field and in the summary; anything else shows here. */}
      {update.isError && !(isApiError(update.error) && Object.keys(update.error.fieldErrors).length > 0) ? (
        <Alert>{messageOf(update.error)}</Alert>
      ) : null}
      <fieldset className="flex flex-col gap-4">
        <legend className="mb-2 text-2xl font-bold">{t('details.personal')}</legend>
        <TextField control={form.control} name="title" id={idOf('title')} label={f('title')} autoComplete="honorific-prefix" />
        <TextField
          control={form.control}
          name="first_name"
          id={idOf('first_name')}
          label={f('firstName')}
          autoComplete="given-name"
          isRequired
        />
        <TextField
          control={form.control}
          name="last_name"
          id={idOf('last_name')}
          label={f('lastName')}
          autoComplete="family-name"
          isRequired
        />
        <TextField
          control={form.control}
          name="date_of_birth"
          id={idOf('date_of_birth')}
          label={f('dateOfBirth')}
          description={f('dateOfBirthHint')}
          autoComplete="bday"
        />
      </fieldset>
      <fieldset className="flex flex-col gap-4">
        <legend className="mb-2 text-2xl font-bold">{t('details.contact')}</legend>
        <TextField control={form.control} name="phone" id={idOf('phone')} label={f('phone')} type="tel" autoComplete="tel" />
        <TextField control={form.control} name="address.line1" id={idOf('address.line1')} label={f('line1')} autoComplete="address-line1" />
        <TextField control={form.control} name="address.line2" id={idOf('address.line2')} label={f('line2')} autoComplete="address-line2" />
        <TextField control={form.control} name="address.town" id={idOf('address.town')} label={f('town')} autoComplete="address-level2" />
        <TextField
          control={form.control}
          name="address.postcode"
          id={idOf('address.postcode')}
          label={f('postcode')}
          autoComplete="postal-code"
        />
      </fieldset>
      <fieldset className="flex flex-col gap-1">
        <legend className="mb-2 text-2xl font-bold">{t('details.marketing')}</legend>
        {marketing.map(([name, label]) => (
          <Controller
            key={name}
            control={form.control}
            name={name}
            render={({ field }) => (
              <Checkbox isSelected={field.value} onChange={field.onChange}>
                {f(label)}
              </Checkbox>
            )}
          />
        ))}
      </fieldset>
      <div className="flex gap-3">
        <Button type="submit" isDisabled={update.isPending}>
          {t('details.save')}
        </Button>
        <Button variant="secondary" onPress={onDone}>
          {t('details.cancel')}
        </Button>
      </div>
    </form>
  );
}
