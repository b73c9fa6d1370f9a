import { loginBody, ourMessages, toastMessages } from '@app/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/fields';
import { serverMessageOr } from '../../../lib/api';
import { useDebouncedCallback } from '../../../lib/debounce';
import { resolverWithWords } from '../../../lib/form-words';
import type { User } from '../api/get-user';
import { useLogin } from '../api/login';

const schema = loginBody.pick({ username: true, password: true });
type Values = { username: string; password: string };

/** Email and password; a failed login says why in the form (the server's message). Attempts are debounced 250 ms. */
export function LoginForm({ onSuccess, onNavigate }: { onSuccess?: (user: User) => void; onNavigate?: () => void }) {
  const { t } = useTranslation('auth');
  const login = useLogin();
  const [waiting, setWaiting] = useState(false);
  const form = useForm<Values>({
    resolver: resolverWithWords<Values>(schema, {
      username: { empty: ourMessages.enterEmail },
      password: { empty: ourMessages.enterPassword },
    }),
    defaultValues: { username: '', password: '' },
  });
  const send = useDebouncedCallback((values: Values) => {
    login.mutate(values, {
      onSuccess: (user) => onSuccess?.(user),
      onSettled: () => setWaiting(false),
    });
  });
  const busy = waiting || login.isPending;

  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={form.handleSubmit((values) => {
        setWaiting(true);
        send(values);
      })}
    >
      {/* Doc 1: a login failure shows the server's message, or 'User signed out' when it sent none. */}
      {login.isError ? <Alert>{serverMessageOr(login.error, toastMessages.loginFallback)}</Alert> : null}
      <TextField control={form.control} name="username" label={t('login.email')} type="email" autoComplete="username" isRequired />
      <TextField
        control={form.control}
        name="password"
        label={t('login.password')}
        type="password"
        autoComplete="current-password"
        revealable
        isRequired
      />
      <Button type="submit" isBusy={busy} busyText={t('login.busy')}>
        {t('login.submit')}
      </Button>
      <Link to="/forgotten-password" onClick={onNavigate} className="text-primary-text underline underline-offset-2">
        {t('login.forgotten')}
      </Link>
    </form>
  );
}
