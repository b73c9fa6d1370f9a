import { type AttendeeWaiver, restrictionMessages, toastMessages } from '@app/contracts';
import { useState } from 'react';
import { Input, Label, SearchField, Text } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Alert } from '../../../components/alert';
import { Button, ButtonLink } from '../../../components/button';
import { Checkbox } from '../../../components/checkbox';
import { usePage } from '../../../components/page-meta';
import { SafeHtml } from '../../../components/safe-html';
import { PageSpinner, Spinner } from '../../../components/spinner';
import type { Camelize } from '../../../lib/api';
import { useDebouncedCallback } from '../../../lib/debounce';
import { showDate } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useRestriction } from '../../../lib/restrictions';
import { loginModal } from '../../auth';
import { useCart } from '../../basket';
import { usePreviousAttendees, useSaveWaivers } from '../api/attendees';

type Needed = Camelize<AttendeeWaiver>;
type Ticks = Record<string, boolean>;
const tickKey = (restrictionId: number, userId: number) => `${restrictionId}:${userId}`;

/** One waiver: its terms, and each attendee of the basket who still has to agree to it. */
function WaiverBlock({
  restrictionId,
  name,
  query,
  ticks,
  onTick,
}: {
  restrictionId: number;
  name: string;
  /** The search (doc 1's foundAttendees): only the people matching it are listed; ticks already made are kept. */
  query: string;
  ticks: Ticks;
  onTick: (key: string, v: boolean) => void;
}) {
  const { t } = useTranslation('attendees');
  const terms = useRestriction(restrictionId);
  const people = usePreviousAttendees(restrictionId, query);
  const needed = (people.data ?? []).filter((p) => p.required && !p.waiverCurrent);
  const agreed = (people.data ?? []).filter((p) => p.waiverCurrent && p.createdAt);
  return (
    <section className="flex flex-col gap-4 rounded-md border border-gray-300 bg-white p-4 sm:p-6">
      <h2 className="text-2xl font-bold">{name}</h2>
      {terms.data?.terms ? (
        <div className="max-h-64 overflow-y-auto rounded-md border border-gray-300 bg-gray-50 p-3">
          <SafeHtml html={terms.data.terms} />
        </div>
      ) : null}
      {people.isPending ? <Spinner label={t('loading')} /> : null}
      {query !== '' && people.data?.length === 0 ? <p>{t('noMatch', { query })}</p> : null}
      {needed.length > 0 ? (
        <fieldset className="flex flex-col gap-2">
          <legend className="font-bold">{t('needed')}</legend>
          {needed.map((p) => (
            <div key={p.userId} className="flex flex-col">
              <Checkbox
                isSelected={ticks[tickKey(restrictionId, p.userId)] === true}
                onChange={(v) => onTick(tickKey(restrictionId, p.userId), v)}
              >
                {t('agreeFor', { name, person: `${p.firstName} ${p.lastName}` })}
              </Checkbox>
              {p.occurrence ? (
                <p className="ml-9 text-sm text-gray-700">
                  {p.startsAt ? t('forSession', { session: p.occurrence.name, date: showDate(p.startsAt) }) : p.occurrence.name}
                </p>
              ) : null}
            </div>
          ))}
        </fieldset>
      ) : null}
      {agreed.length > 0 ? (
        <ul className="flex flex-col gap-1">
          {agreed.map((p) => (
            <li key={p.userId}>{t('agreedOn', { person: `${p.firstName} ${p.lastName}`, date: showDate(p.createdAt) })}</li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/**
 * /attendees ('Attendees', doc 1): waivers agreed after choosing what to buy (post-purchase waivers), one per attendee
 * of the basket, before it can be paid for. The agreements are saved (POST question-waivers) and their ids go with the
 * payment as completed_waivers; the checkout sends the customer here while any are missing.
 */
export function AttendeesPage() {
  const { t } = useTranslation('attendees');
  usePage({ title: t('title'), crumbs: [{ label: t('basket'), to: '/basket' }, { label: t('title') }] });
  const navigate = useNavigate();
  const { cart, isLoggedIn, userPending, isPending } = useCart();
  const [ticks, setTicks] = useState<Ticks>({});
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  // One request per pause in typing, not per key (the spec's 250 ms debounce for actions).
  const searchLater = useDebouncedCallback((value: string) => setQuery(value.trim()));
  const save = useSaveWaivers();
  const heading = <h1 className="text-4xl font-bold">{t('title')}</h1>;

  if (userPending) return <PageSpinner label={t('title')} />;
  if (!isLoggedIn) {
    return (
      <div className="flex flex-col items-start gap-4">
        {heading}
        <Button onPress={() => loginModal.open()}>{t('logIn')}</Button>
      </div>
    );
  }
  if (isPending || !cart) return <PageSpinner label={t('title')} />;

  const needed: Needed[] = cart.attendeeWaivers ?? [];
  const restrictions = [...new Map(needed.map((w) => [w.restrictionId, w.name])).entries()];
  const chosen = needed.filter((w) => ticks[tickKey(w.restrictionId, w.userId)]);
  const allTicked = needed.length > 0 && chosen.length === needed.length;

  const submit = () =>
    save.mutate(
      chosen.map((w) => ({ restrictionId: w.restrictionId, userId: w.userId, agreed: true as const })),
      {
        onSuccess: () => {
          notifySuccess(restrictionMessages.agreed);
          navigate('/basket/checkout');
        },
        onError: (e) => notifyError(e, { fallback: toastMessages.waiverError }),
      },
    );

  return (
    <div className="flex flex-col gap-6">
      {heading}
      {cart.attendeeWaiversRequired === 0 ? (
        <div className="flex flex-col items-start gap-4">
          <p className="text-lg">{t('none')}</p>
          <ButtonLink to="/basket/checkout">{t('toCheckout')}</ButtonLink>
        </div>
      ) : (
        <>
          <p className="text-lg">{t('intro', { count: cart.attendeeWaiversRequired })}</p>
          {save.isError ? <Alert>{toastMessages.waiverError}</Alert> : null}
          <SearchField
            value={search}
            onChange={(v) => {
              setSearch(v);
              searchLater(v);
            }}
            onClear={() => setQuery('')}
            className="flex max-w-md flex-col gap-1"
          >
            <Label className="font-bold">{t('search')}</Label>
            <Input className="min-h-11 rounded-md border border-gray-500 bg-white px-3 py-2 text-base" />
            <Text slot="description" className="text-sm text-gray-700">
              {t('searchHint')}
            </Text>
          </SearchField>
          {restrictions.map(([id, name]) => (
            <WaiverBlock
              key={id}
              restrictionId={id}
              name={name}
              query={query}
              ticks={ticks}
              onTick={(k, v) => setTicks((x) => ({ ...x, [k]: v }))}
            />
          ))}
          <div className="flex flex-wrap gap-3">
            <Button isDisabled={!allTicked || save.isPending} onPress={submit}>
              {t('continue')}
            </Button>
            <ButtonLink to="/basket" variant="secondary">
              {t('basket')}
            </ButtonLink>
          </div>
        </>
      )}
    </div>
  );
}
