import { ourMessages, password } from '@app/contracts';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { z } from 'zod';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/fields';
import { usePage } from '../../../components/page-meta';
import { isApiError, messageOf } from '../../../lib/api';
import { resolverWithWords } from '../../../lib/form-words';
import { i18n } from '../../../lib/i18n';
import { useResetPassword } from '../api/reset-password';

const schema = z
  .object({ password, confirm: z.string() })
  .refine((v) => v.password === v.confirm, { path: ['confirm'], message: i18n.t('auth:reset.mismatch') });
type Values = z.infer<typeof schema>;

/** /reset-password?token=: the emailed link. A used or expired link says so and offers a new one. */
export function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  usePage({ title: t('reset.title'), crumbs: [{ label: t('reset.title') }] });
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const reset = useResetPassword();
  const form = useForm<Values>({
    resolver: resolverWithWords<Values>(schema, {
      password: { empty: ourMessages.choosePassword, tooShort: ourMessages.passwordTooShort },
      confirm: { empty: ourMessages.confirmPassword },
    }),
    defaultValues: { password: '', confirm: '' },
  });

  const onSubmit = form.handleSubmit((values) =>
    reset.mutate(
      { token, password: values.password },
      {
        onError: (error) => {
          const message = isApiError(error) ? error.fieldErrors.password?.[0] : undefined;
          if (message) form.setError('password', { message });
        },
      },
    ),
  );

  if (reset.isSuccess) {
    return (
      <div className="mx-auto flex max-w-md flex-col gap-4">
        <h1 className="text-3xl font-bold">{t('reset.title')}</h1>
        <div role="status">
          <Alert tone="info">{reset.data ?? t('reset.done')}</Alert>
        </div>
        <Link to="/login" className="text-primary-text underline underline-offset-2">
          {t('reset.logIn')}
        </Link>
      </div>
    );
  }

  const tokenMessage = isApiError(reset.error) ? reset.error.fieldErrors.token?.[0] : undefined;
  const linkRefused = Boolean(tokenMessage);
  return (
    <div className="mx-auto flex max-w-md flex-col gap-4">
      <h1 className="text-3xl font-bold">{t('reset.title')}</h1>
      {token ? <p>{t('reset.intro')}</p> : <Alert>{t('reset.noToken')}</Alert>}
      {reset.isError ? <Alert>{tokenMessage ?? messageOf(reset.error)}</Alert> : null}
      {linkRefused || !token ? (
        <Link to="/forgotten-password" className="text-primary-text underline underline-offset-2">
          {t('reset.requestNew')}
        </Link>
      ) : (
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
          <TextField
            control={form.control}
            name="password"
            label={t('reset.password')}
            type="password"
            autoComplete="new-password"
            description={t('register.passwordHint')}
            revealable
            isRequired
          />
          <TextField
            control={form.control}
            name="confirm"
            label={t('reset.confirm')}
            type="password"
            autoComplete="new-password"
            isRequired
          />
          <Button type="submit" isBusy={reset.isPending} busyText={t('reset.busy')}>
            {t('reset.submit')}
          </Button>
        </form>
      )}
    </div>
  );
}
