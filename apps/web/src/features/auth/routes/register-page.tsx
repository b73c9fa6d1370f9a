import { onboardingTypes, ourMessages, registerBody } from '@app/contracts';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { ErrorSummary } from '../../../components/error-summary';
import { Checkbox, TextField } from '../../../components/fields';
import { Modal } from '../../../components/modal';
import { usePage } from '../../../components/page-meta';
import { SafeHtml } from '../../../components/safe-html';
import { PageSpinner } from '../../../components/spinner';
import { isApiError, messageOf } from '../../../lib/api';
import { resolverWithWords, summaryOf } from '../../../lib/form-words';
import { notifySuccess } from '../../../lib/notify';
import { useShellMode } from '../../../lib/shell-mode';
import { useClient } from '../../tenancy';
import { useUser } from '../api/get-user';
import { useRegister } from '../api/register';
import { useAfterAuthPath } from './use-after-auth-redirect';

const marketing = ['marketing_email', 'marketing_sms', 'marketing_phone', 'marketing_post'] as const;
const schema = registerBody.pick({ first_name: true, last_name: true, email: true, password: true }).extend({
  // Ours: the spec shows no consent at sign-up; the account cannot be made without it (issue 13, defect 12).
  agreed: z.boolean().refine((v) => v, { message: ourMessages.agreeToSignUp }),
  marketing_email: z.boolean(),
  marketing_sms: z.boolean(),
  marketing_phone: z.boolean(),
  marketing_post: z.boolean(),
});
type Values = z.infer<typeof schema>;
const textFields = ['first_name', 'last_name', 'email', 'password'] as const;
const order = [...textFields, 'agreed'] as const;
const idOf = (name: string) => `register-${name.replace('_', '-')}`;

const words = {
  first_name: { empty: ourMessages.enterFirstName },
  last_name: { empty: ourMessages.enterLastName },
  email: { empty: ourMessages.enterEmail, invalid: ourMessages.emailFormat },
  password: { empty: ourMessages.choosePassword, tooShort: ourMessages.passwordTooShort },
  agreed: { empty: ourMessages.agreeToSignUp },
};

/**
 * Sign up, for visitors only: a logged-in user goes to the redirect value, or home. The customer agrees to the terms
 * and the privacy notice, chooses the four marketing opt-ins (doc 1's customer), may show the password they type, and
 * is welcomed and taken back to where they were (the redirect value: the page whose 'Book' asked them to log in,
 * where what they pressed then carries on).
 */
export function RegisterPage() {
  const { t } = useTranslation('auth');
  usePage({ title: t('register.title'), crumbs: [{ label: t('register.title') }] });
  const { isLoggedIn, isPending } = useUser();
  const next = useAfterAuthPath();
  const navigate = useNavigate();
  const register = useRegister();
  const [params] = useSearchParams();
  const onboarding = onboardingTypes.safeParse(params.get('onboarding_type'));
  const onboardingType = onboarding.success ? onboarding.data : undefined;
  const { data: client } = useClient();
  const [termsOpen, setTermsOpen] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const { kiosk } = useShellMode();
  const form = useForm<Values>({
    resolver: resolverWithWords<Values>(schema, words),
    // The error summary takes focus on a failed submit, and its links lead to each field.
    shouldFocusError: false,
    defaultValues: {
      first_name: '',
      last_name: '',
      email: '',
      password: '',
      agreed: false,
      marketing_email: false,
      marketing_sms: false,
      marketing_phone: false,
      marketing_post: false,
    },
  });
  const errors = summaryOf(form.formState.errors, order, idOf);

  if (isPending) return <PageSpinner label={t('register.title')} />;
  if (isLoggedIn && !register.isSuccess) return <Navigate to={next} replace />;
  // No accounts are made on a kiosk, a shared screen (issue 13, defect 15): the address leads to logging in.
  if (kiosk) return <Navigate to={next === '/' ? '/login' : `/login?redirect=${encodeURIComponent(next)}`} replace />;

  const onSubmit = form.handleSubmit(
    ({ agreed: _, ...values }) =>
      register.mutate(
        { ...values, clientId: client?.id, onboardingType },
        {
          onSuccess: (customer) => {
            notifySuccess(t('register.welcome', { name: customer.firstName }));
            navigate(next, { replace: true });
          },
          onError: (error) => {
            if (!isApiError(error)) return;
            for (const field of textFields) {
              const message = error.fieldErrors[field]?.[0];
              if (message) form.setError(field, { message });
            }
            setAttempt((n) => n + 1);
          },
        },
      ),
    () => setAttempt((n) => n + 1),
  );
  const loginPath = next === '/' ? '/login' : `/login?redirect=${encodeURIComponent(next)}`;

  return (
    <div className="mx-auto flex max-w-md flex-col gap-4">
      <h1 className="text-3xl font-bold">{t('register.title')}</h1>
      <p>{t('register.intro')}</p>
      <p>
        {t('register.haveAccount')}{' '}
        <Link to={loginPath} className="text-primary-text underline underline-offset-2">
          {t('register.logInInstead')}
        </Link>
      </p>
      <ErrorSummary title={ourMessages.errorSummaryTitle} errors={errors} attempt={attempt} />
      {/* A refusal about a field shows at the field and in the summary; anything else shows here. */}
      {register.isError && !(isApiError(register.error) && Object.keys(register.error.fieldErrors).length > 0) ? (
        <Alert>{messageOf(register.error)}</Alert>
      ) : null}
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <TextField
          control={form.control}
          name="first_name"
          id={idOf('first_name')}
          label={t('register.firstName')}
          autoComplete="given-name"
          isRequired
        />
        <TextField
          control={form.control}
          name="last_name"
          id={idOf('last_name')}
          label={t('register.lastName')}
          autoComplete="family-name"
          isRequired
        />
        <TextField
          control={form.control}
          name="email"
          id={idOf('email')}
          label={t('register.email')}
          type="email"
          autoComplete="email"
          isRequired
        />
        <TextField
          control={form.control}
          name="password"
          id={idOf('password')}
          label={t('register.password')}
          type="password"
          autoComplete="new-password"
          description={t('register.passwordHint')}
          revealable
          isRequired
        />
        <fieldset className="flex flex-col gap-1">
          <legend className="mb-1 font-bold">{t('register.marketingTitle')}</legend>
          <p className="text-sm text-gray-700">{t('register.marketingHint')}</p>
          {marketing.map((name) => (
            <Controller
              key={name}
              control={form.control}
              name={name}
              render={({ field }) => (
                <Checkbox isSelected={field.value} onChange={field.onChange}>
                  {t(`register.marketing.${name}`)}
                </Checkbox>
              )}
            />
          ))}
        </fieldset>
        <Controller
          control={form.control}
          name="agreed"
          render={({ field, fieldState }) => (
            <div id={idOf('agreed')} className="flex flex-col items-start gap-1">
              <p className="text-sm">{t('register.privacy')}</p>
              <Checkbox isSelected={field.value} onChange={field.onChange} isInvalid={fieldState.invalid}>
                {t('register.agree')}
              </Checkbox>
              {fieldState.error?.message ? <p className="text-sm font-bold text-red-700">{fieldState.error.message}</p> : null}
              {client?.terms ? (
                <Button variant="link" onPress={() => setTermsOpen(true)}>
                  {t('register.readTerms')}
                </Button>
              ) : null}
            </div>
          )}
        />
        <Button type="submit" isBusy={register.isPending} busyText={t('register.busy')}>
          {t('register.submit')}
        </Button>
      </form>
      {client?.terms ? (
        <Modal title={t('register.termsTitle')} isOpen={termsOpen} onOpenChange={setTermsOpen} closeLabel={t('register.close')} size="lg">
          <SafeHtml html={client.terms} />
        </Modal>
      ) : null}
    </div>
  );
}
