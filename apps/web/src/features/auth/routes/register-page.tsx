import { onboardingTypes, registerBody } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/fields';
import { usePage } from '../../../components/page-meta';
import { PageSpinner } from '../../../components/spinner';
import { isApiError, messageOf } from '../../../lib/api';
import { useClient } from '../../tenancy';
import { useUser } from '../api/get-user';
import { type RegisterInput, useRegister } from '../api/register';
import { useAfterAuthPath } from './use-after-auth-redirect';

const schema = registerBody.pick({ first_name: true, last_name: true, email: true, password: true });
const fields = ['first_name', 'last_name', 'email', 'password'] as const;

/** Sign up, for visitors only: a logged-in user goes to the redirect value, or home. */
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
  const form = useForm<RegisterInput>({
    resolver: zodResolver(schema),
    defaultValues: { first_name: '', last_name: '', email: '', password: '' },
  });

  if (isPending) return <PageSpinner label={t('register.title')} />;
  if (isLoggedIn && !register.isSuccess) return <Navigate to={next} replace />;

  const onSubmit = form.handleSubmit((values) =>
    register.mutate(
      { ...values, clientId: client?.id, onboardingType },
      {
        onSuccess: () => navigate(next, { replace: true }),
        onError: (error) => {
          if (!isApiError(error)) return;
          for (const field of fields) {
            const message = error.fieldErrors[field]?.[0];
            if (message) form.setError(field, { message });
          }
        },
      },
    ),
  );

  return (
    <div className="mx-auto flex max-w-md flex-col gap-4">
      <h1 className="text-3xl font-bold">{t('register.title')}</h1>
      <p>{t('register.intro')}</p>
      {register.isError ? <Alert>{messageOf(register.error)}</Alert> : null}
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <TextField control={form.control} name="first_name" label={t('register.firstName')} autoComplete="given-name" isRequired />
        <TextField control={form.control} name="last_name" label={t('register.lastName')} autoComplete="family-name" isRequired />
        <TextField control={form.control} name="email" label={t('register.email')} type="email" autoComplete="email" isRequired />
        <TextField
          control={form.control}
          name="password"
          label={t('register.password')}
          type="password"
          autoComplete="new-password"
          description={t('register.passwordHint')}
          isRequired
        />
        <Button type="submit" isDisabled={register.isPending}>
          {t('register.submit')}
        </Button>
      </form>
    </div>
  );
}
