import { accountMessages, linkRelationships, linkRequestBody } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/fields';
import { usePage } from '../../../components/page-meta';
import { SelectField } from '../../../components/select-field';
import { StackedCell, stacked } from '../../../components/stacked-table';
import { isApiError, messageOf } from '../../../lib/api';
import { notifySuccess } from '../../../lib/notify';
import { useChangeLink } from '../api/change-link';
import { type AccountLinkedUser, useLinkedUsers } from '../api/get-linked-users';
import { useRequestLink } from '../api/request-link';
import { ListState } from '../components/list-state';
import { showDay } from '../format';
import { accountPaths } from '../paths';

type LinkValues = z.infer<typeof linkRequestBody>;

/** /linked-users: who you book for and who books for you (relationship, status), and a request to link another. */
export function LinkedUsersPage() {
  const { t } = useTranslation('account');
  usePage({
    title: t('linkedUsers.title'),
    crumbs: [{ label: t('nav.label'), to: accountPaths.dashboard }, { label: t('linkedUsers.title') }],
  });
  const links = useLinkedUsers();
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-4xl font-bold">{t('linkedUsers.title')}</h1>
      <p>{t('linkedUsers.intro')}</p>
      <ListState query={links} empty={t('linkedUsers.empty')}>
        {(items) => (
          <div className="sm:overflow-x-auto">
            <table className={stacked.table}>
              <caption className="sr-only">{t('linkedUsers.caption')}</caption>
              <thead className={stacked.head}>
                <tr className={stacked.headRow}>
                  <th scope="col" className="p-2">
                    {t('linkedUsers.name')}
                  </th>
                  <th scope="col" className="p-2">
                    {t('linkedUsers.relationship')}
                  </th>
                  <th scope="col" className="p-2">
                    {t('linkedUsers.status')}
                  </th>
                  <th scope="col" className="p-2">
                    {t('linkedUsers.since')}
                  </th>
                  <th scope="col" className="p-2">
                    {t('linkedUsers.actions')}
                  </th>
                </tr>
              </thead>
              <tbody className={stacked.body}>
                {items.map((l) => (
                  <tr key={l.id} className={stacked.row}>
                    {/* The name heads its card on a phone, so it needs no label there. */}
                    <td className="p-2 max-sm:p-0">
                      <span className="font-bold">{l.referencedUser.name}</span>
                      <span className="block text-sm text-gray-700">{t(`linkedUsers.direction.${l.direction}`)}</span>
                    </td>
                    <StackedCell label={t('linkedUsers.relationship')}>{t(`linkedUsers.relationships.${l.relationship}`)}</StackedCell>
                    <StackedCell label={t('linkedUsers.status')}>{t(`linkedUsers.statuses.${l.status}`)}</StackedCell>
                    <StackedCell label={t('linkedUsers.since')}>{showDay(l.confirmedAt ?? l.createdAt)}</StackedCell>
                    <td className="p-2 max-sm:p-0 max-sm:pt-2">
                      <LinkActions link={l} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </ListState>
      <LinkRequestForm />
    </div>
  );
}

/** Accept a request made to you; cancel your own request, decline one to you, or remove an accepted link. */
function LinkActions({ link }: { link: AccountLinkedUser }) {
  const { t } = useTranslation('account');
  const change = useChangeLink();
  if (link.status !== 'pending' && link.status !== 'successful') return null;
  const name = link.referencedUser.name;
  const endLabel =
    link.status === 'successful'
      ? t('linkedUsers.end.successful')
      : link.direction === 'owner'
        ? t('linkedUsers.end.pending')
        : t('linkedUsers.end.referencedPending');
  return (
    <div className="flex flex-wrap gap-2">
      {link.status === 'pending' && link.direction === 'referenced' ? (
        <Button
          size="sm"
          aria-label={t('linkedUsers.acceptNamed', { name })}
          isDisabled={change.isPending}
          onPress={() => change.mutate({ id: link.id, action: 'accept' }, { onSuccess: () => notifySuccess(t('linkedUsers.accepted')) })}
        >
          {t('linkedUsers.accept')}
        </Button>
      ) : null}
      <Button
        size="sm"
        variant="secondary"
        aria-label={t('linkedUsers.endNamed', { action: endLabel, name })}
        isDisabled={change.isPending}
        onPress={() => change.mutate({ id: link.id, action: 'end' }, { onSuccess: () => notifySuccess(t('linkedUsers.ended')) })}
      >
        {endLabel}
      </Button>
    </div>
  );
}

function LinkRequestForm() {
  const { t } = useTranslation('account');
  const request = useRequestLink();
  const form = useForm<LinkValues>({
    resolver: zodResolver(linkRequestBody),
    defaultValues: { email_or_reference: '', relationship: 'parent' },
  });
  const onSubmit = form.handleSubmit((values) =>
    request.mutate(values, {
      onSuccess: (message) => {
        notifySuccess(message ?? accountMessages.linkRequested);
        form.reset();
      },
      onError: (error) => {
        const message = isApiError(error) ? error.fieldErrors.email_or_reference?.[0] : undefined;
        if (message) form.setError('email_or_reference', { message });
      },
    }),
  );
  return (
    <section aria-labelledby="link-request" className="flex max-w-md flex-col gap-4">
      <h2 id="link-request" className="text-2xl font-bold">
        {t('linkedUsers.add')}
      </h2>
      {request.isError && !(isApiError(request.error) && request.error.fieldErrors.email_or_reference) ? (
        <Alert>{messageOf(request.error)}</Alert>
      ) : null}
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <TextField control={form.control} name="email_or_reference" label={t('linkedUsers.emailOrReference')} isRequired />
        <Controller
          control={form.control}
          name="relationship"
          render={({ field }) => (
            <SelectField
              label={t('linkedUsers.relationship')}
              value={field.value}
              onChange={field.onChange}
              options={linkRelationships.map((r) => ({ value: r, label: t(`linkedUsers.relationships.${r}`) }))}
            />
          )}
        />
        <Button type="submit" className="self-start" isDisabled={request.isPending}>
          {t('linkedUsers.send')}
        </Button>
      </form>
    </section>
  );
}
