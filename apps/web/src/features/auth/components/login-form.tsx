import { loginBody } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/fields';
import { messageOf } from '../../../lib/api';
import { useDebouncedCallback } from '../../../lib/debounce';
import type { User } from '../api/get-user';
import { useLogin } from '../api/login';

const schema = loginBody.pick({ username: true, password: true });
type Values = { username: string; password: string };

/** Email and password; a failed login says why in the form (the server's message). Attempts are debounced 250 ms. */
export function LoginForm({ onSuccess, onNavigate }: { onSuccess?: (user: User) => void; onNavigate?: () => void }) {
  const { t } = useTranslation('auth');
  const login = useLogin();
  const [waiting, setWaiting] = useState(false);
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { username: '', password: '' } });
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
      {login.isError ? <Alert>{messageOf(login.error)}</Alert> : null}
      <TextField control={form.control} name="username" label={t('login.email')} type="email" autoComplete="username" isRequired />
      <TextField
        control={form.control}
        name="password"
        label={t('login.password')}
        type="password"
        autoComplete="current-password"
        isRequired
      />
      <Button type="submit" isDisabled={busy}>
        {t('login.submit')}
      </Button>
      <Link to="/forgotten-password" onClick={onNavigate} className="text-primary-text underline underline-offset-2">
        {t('login.forgotten')}
      </Link>
    </form>
  );
}
