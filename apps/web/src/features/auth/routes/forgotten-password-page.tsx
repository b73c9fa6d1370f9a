import { forgottenPasswordBody, ourMessages } from '@app/contracts';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/fields';
import { usePage } from '../../../components/page-meta';
import { messageOf } from '../../../lib/api';
import { resolverWithWords } from '../../../lib/form-words';
import { useRequestPasswordReset } from '../api/forgotten-password';

const schema = forgottenPasswordBody;
type Values = { email_or_reference: string };

/** /forgotten-password: asks for a reset link by email address or customer reference. */
export function ForgottenPasswordPage() {
  const { t } = useTranslation('auth');
  usePage({ title: t('forgotten.title'), crumbs: [{ label: t('login.title'), to: '/login' }, { label: t('forgotten.title') }] });
  const request = useRequestPasswordReset();
  const form = useForm<Values>({
    resolver: resolverWithWords<Values>(schema, { email_or_reference: { empty: ourMessages.enterEmailOrReference } }),
    defaultValues: { email_or_reference: '' },
  });

  return (
    <div className="mx-auto flex max-w-md flex-col gap-4">
      <h1 className="text-3xl font-bold">{t('forgotten.title')}</h1>
      {request.isSuccess ? (
        <div role="status" className="flex flex-col gap-4">
          <Alert tone="info">{request.data ?? t('forgotten.sent')}</Alert>
          <Link to="/login" className="text-primary-text underline underline-offset-2">
            {t('forgotten.backToLogin')}
          </Link>
        </div>
      ) : (
        <>
          <p>{t('forgotten.intro')}</p>
          {request.isError ? <Alert>{messageOf(request.error)}</Alert> : null}
          <form
            noValidate
            className="flex flex-col gap-4"
            onSubmit={form.handleSubmit((values) => request.mutate(values.email_or_reference))}
          >
            <TextField
              control={form.control}
              name="email_or_reference"
              label={t('forgotten.emailOrReference')}
              autoComplete="username"
              isRequired
            />
            <Button type="submit" isBusy={request.isPending} busyText={t('forgotten.busy')}>
              {t('forgotten.submit')}
            </Button>
          </form>
          <Link to="/login" className="text-primary-text underline underline-offset-2">
            {t('forgotten.backToLogin')}
          </Link>
        </>
      )}
    </div>
  );
}
