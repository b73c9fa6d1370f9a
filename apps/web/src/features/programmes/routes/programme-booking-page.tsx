import type { CustomQuestionSection } from '@app/contracts';
import {
  bookingTotal,
  type CampBookingType,
  type CampOffer,
  campBookingEnabled,
  campButtonAction,
  campChoice,
  coursePrice,
  disabledReason,
  disabledReasonWords,
  type FormValue,
  individualCampPrice,
  isSessionSelectable,
} from '@app/domain';
import { type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { Button, TextLink } from '../../../components/button';
import { NotFoundMessage } from '../../../components/error-pages';
import { usePage } from '../../../components/page-meta';
import { answersToSend, type QuestionValues, questionErrors, questionErrorsFrom } from '../../../components/questions/answers';
import { QuestionsForm } from '../../../components/questions/questions-form';
import { PageSpinner } from '../../../components/spinner';
import { WaiverConsents } from '../../../components/waiver-consent';
import { isApiError, snakify, statusOf } from '../../../lib/api';
import { useDeskMode } from '../../../lib/desk-mode';
import { showAmount, showMoney } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { waiversAgreed, waiversToAgree } from '../../../lib/restrictions';
import { selectedUser } from '../../../lib/selected-user';
import { useNow } from '../../../lib/use-now';
import { actableUsers, useLinkedUsers } from '../../account/api/get-linked-users';
import { loginModal, useCarryOnAfterLogin, useUser } from '../../auth';
import { AddedPanel } from '../../basket';
import { type ProgrammeItem, useAddProgramme } from '../api/add-programme';
import { useProgramme } from '../api/get-programme';
import { CampDates } from '../booking/camp-dates';
import { campOffer } from '../booking/camp-offer';
import { bookingDraft } from '../booking/draft';
import { ExtraStepper } from '../booking/extra-stepper';
import { dayOf } from '../describe';
import { locationPrefix, type ProgrammeKind } from '../kinds';
import { useProgrammeVenue } from '../use-programme-venue';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-4 rounded-md border border-gray-300 bg-white p-4 sm:p-6">
      <h2 className="text-2xl font-bold">{title}</h2>
      {children}
    </section>
  );
}

/**
 * /courses/location/:venueSlug/:activitySlug/:courseSlug/book and /camps/.../:campSlug/book (doc 2, section 2): a
 * back link to the category's list, who the booking is for, the booking dates (camps), extras, the custom questions,
 * the waiver, a review with the running total, and 'Add to basket' / 'Checkout now', disabled with doc 2's reason
 * in its priority order. On desktop the summary sits on the right; on a phone the actions are fixed at the bottom.
 */
export function ProgrammeBookingPage({ kind }: { kind: ProgrammeKind }) {
  const { t } = useTranslation('courses');
  const navigate = useNavigate();
  const { venueSlug = '', activitySlug = '', courseSlug, campSlug } = useParams();
  const slug = (kind === 'courses' ? courseSlug : campSlug) ?? '';
  const { user, isLoggedIn } = useUser();
  // At the desk (decision 260) the receptionist is logged in, but the basket is the customer's and the person booked
  // for is the one chosen on the desk's booking page: the form books them and does not ask.
  const desk = useDeskMode();
  const links = useLinkedUsers(isLoggedIn && !desk);
  const people = desk ? [] : actableUsers(links.data);
  // The basket is always the customer's own (decision 168); the person booked for starts as the one chosen in 'Booking for'.
  const basketOwner = desk ? desk.customerId : (user?.id ?? null);
  const [chosen, setChosen] = useState<number | null>(null);
  const attendee = desk ? (desk.forUserId ?? desk.customerId) : isLoggedIn ? (chosen ?? selectedUser.current() ?? basketOwner) : null;
  const { venue, notFound } = useProgrammeVenue(venueSlug);
  const programme = useProgramme(kind, slug, attendee);
  const p = programme.data;
  const now = useNow();
  const listPath = `${locationPrefix(kind)}/${venueSlug}/${activitySlug}`;

  // A visitor's answers, kept while they signed up (the sign-up page replaced this one), come back here.
  const [restored] = useState(() =>
    bookingDraft.restore(`${kind}:${slug}`, loginModal.isWaiting(`programme-${kind}`, window.location.pathname)),
  );
  const [values, setValues] = useState<QuestionValues>(() => restored?.values ?? {});
  const [touched, setTouched] = useState<ReadonlySet<number>>(new Set());
  const [serverErrors, setServerErrors] = useState<Record<number, string>>({});
  const [showAll, setShowAll] = useState(false);
  const [extras, setExtras] = useState<Record<number, number>>(() => restored?.extras ?? {});
  const [agreedWaivers, setAgreedWaivers] = useState<number[]>([]);
  const [waiverError, setWaiverError] = useState<string | undefined>();
  const [campType, setCampType] = useState<CampBookingType>('full');
  const [selected, setSelected] = useState<string[]>([]);
  const [added, setAdded] = useState(false);
  const add = useAddProgramme();
  const reasonId = useId();

  usePage({
    title: p ? t('booking.title', { name: p.name }) : t(`${kind}.details`),
    crumbs:
      venue.data && p
        ? [
            { label: venue.data.name },
            { label: t(`${kind}.title`), to: `${locationPrefix(kind)}/${venueSlug}` },
            { label: p.category.name, to: listPath },
            { label: p.name, to: `${listPath}/timetable/${p.slug}` },
            { label: t('booking.crumb') },
          ]
        : undefined,
  });

  const sections = useMemo(() => (p ? (snakify(p.customQuestionSections) as CustomQuestionSection[]) : []), [p]);
  const offer = useMemo(() => (p && kind === 'camps' ? campOffer(p, now) : null), [p, kind, now]);
  const choice = useMemo(() => (offer ? campChoice(offer) : null), [offer]);
  // The camp's starting choice is set when its sessions (for this attendee) first arrive, not on every refresh.
  const choiceKey = p && choice ? `${p.id}:${attendee}:${choice.initial}:${choice.preselected.join(',')}` : '';
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the attendee or the camp's starting choice changes
  useEffect(() => {
    if (!choice) return;
    setCampType(choice.initial);
    setSelected(choice.preselected);
  }, [choiceKey]);

  // A visitor's 'Add to basket' or 'Checkout now' carries on once they have logged in or signed up, when this page has
  // the programme as the customer sees it (issue 13, defect 2). `submit` is defined below the early returns.
  const carryOn = useRef<(then: 'stay' | 'checkout') => void>(() => {});
  useCarryOnAfterLogin<'stay' | 'checkout'>(
    `programme-${kind}`,
    (then) => carryOn.current(then),
    isLoggedIn && attendee !== null && programme.isSuccess && !programme.isPlaceholderData,
  );

  if (notFound || statusOf(programme.error) === 404 || (p && (p.venue.slug !== venueSlug || p.category.slug !== activitySlug))) {
    return <NotFoundMessage />;
  }
  if (!venue.data || !p) return <PageSpinner label={t(`${kind}.details`)} />;

  const localErrors = questionErrors(sections, values);
  const shownErrors: Record<number, string> = {};
  for (const [id, message] of Object.entries(localErrors)) {
    if (showAll || touched.has(Number(id))) shownErrors[Number(id)] = message;
  }
  Object.assign(shownErrors, serverErrors);
  const sessionsChosen = kind !== 'camps' || campType === 'full' || selected.length > 0;
  const formValid = Object.keys(localErrors).length === 0 && sessionsChosen;
  // Every waiver the booking is gated by (a category's and a course's, say), for the attendee: each is agreed here.
  const waivers = waiversToAgree(p.occurrences[0]?.restrictions);
  const waiverAgreed = waiversAgreed(waivers, agreedWaivers);
  const selectable = new Set(offer?.sessions.filter(isSessionSelectable).map((s) => s.id) ?? []);

  const programmeAction = p.bookableAction.action as Parameters<typeof disabledReason>[0]['action'];
  const reason = disabledReason({
    // A camp's own action is about the whole camp; booked by the day, each day's action decides (campBookingEnabled).
    action: kind === 'camps' ? campButtonAction(campType, programmeAction) : programmeAction,
    message: p.bookableAction.message,
    waiverRequired: waivers.length > 0,
    waiverAgreed,
    formValid,
    messageDoesNotBlock: Boolean(choice?.alreadyBookedSome),
  });
  const campOk =
    !offer ||
    campBookingEnabled({
      type: campType,
      formValid,
      waiverAgreed,
      selectedCount: selected.filter((id) => selectable.has(id)).length,
      offer,
      campAction: programmeAction as CampOffer['sessions'][number]['action'],
    });
  const reasonText =
    reason === null
      ? campOk
        ? null
        : t('booking.notBookable')
      : reason.kind === 'action'
        ? (reason.message ?? t('booking.notBookable'))
        : disabledReasonWords[reason.kind];
  const enabled = reasonText === null;

  const currency = p.price?.currency ?? p.occurrences[0]?.price?.currency ?? 'GBP';
  const basePrice =
    kind === 'courses'
      ? (coursePrice(p)?.value ?? 0)
      : campType === 'full'
        ? (p.price?.value ?? 0)
        : individualCampPrice(p.occurrences[0]?.price?.value ?? null, selected.length, p.price?.value ?? null);
  const chosenExtras = p.extras.filter((e) => (extras[e.id] ?? 0) > 0);
  const total = bookingTotal(
    basePrice,
    chosenExtras.map((e) => ({ price: e.price.value, quantity: extras[e.id] ?? 0 })),
  );
  const attendeeName = desk
    ? (desk.forName ?? null)
    : attendee === null || attendee === user?.id
      ? user
        ? `${user.firstName} ${user.lastName}`
        : null
      : (people.find((u) => u.id === attendee)?.name ?? null);

  const changeAnswer = (id: number, value: FormValue) => {
    setValues((v) => ({ ...v, [id]: value }));
    setServerErrors(({ [id]: _, ...rest }) => rest);
  };
  const changeAttendee = (id: number) => {
    setChosen(id);
    setAgreedWaivers([]);
  };

  const submit = (then: 'stay' | 'checkout') => {
    // The desk is signed in to the console; the customer's own login is not asked for.
    if (!isLoggedIn && !desk) {
      bookingDraft.keep(`${kind}:${slug}`, { values, extras });
      loginModal.open({ key: `programme-${kind}`, payload: then });
      return;
    }
    setShowAll(true);
    if (!enabled) return;
    const item: ProgrammeItem = {
      purchasableId: p.id,
      purchasableType: kind === 'courses' ? 'course' : 'camp',
      quantity: 1,
      ...(attendee !== null && attendee !== basketOwner ? { purchasedForUserId: attendee } : {}),
      activityRestrictionIds: waivers.filter((w) => agreedWaivers.includes(w.id)).map((w) => w.id),
      customQuestionAnswers: answersToSend(sections, values),
      extras: chosenExtras.map((e) => ({ pricingOptionId: e.id, quantity: extras[e.id] ?? 0 })),
      ...(kind === 'camps'
        ? { bookingFullCamp: campType === 'full', ...(campType === 'individual' ? { campOccurrenceIds: selected } : {}) }
        : {}),
    };
    add.mutate(item, {
      onSuccess: () => {
        notifySuccess(t(`${kind}.bookingSuccess`, { name: p.name }));
        if (then === 'checkout') navigate(desk?.checkoutPath ?? '/basket/checkout');
        else setAdded(true);
      },
      onError: (error) => {
        const onFields = questionErrorsFrom(error);
        setServerErrors(onFields);
        const waiverKey = isApiError(error) && Object.entries(error.fieldErrors).find(([key]) => key.endsWith('activity_restriction_ids'));
        if (waiverKey) setWaiverError(waiverKey[1].join(' '));
        if (Object.keys(onFields).length === 0 && !waiverKey) notifyError(error, { fallback: t(`${kind}.bookingError`) });
      },
    });
  };

  carryOn.current = submit;

  // Drawn twice (beside the summary on wide screens, fixed at the bottom on small ones); CSS shows one.
  const actions = (where: 'side' | 'bar') => (
    <div className="flex flex-col gap-2">
      {reasonText ? (
        <p id={`${reasonId}-${where}`} className="text-sm font-bold text-gray-800">
          {t('booking.disabled', { reason: reasonText })}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button
          className="grow"
          isDisabled={!enabled || add.isPending}
          aria-describedby={reasonText ? `${reasonId}-${where}` : undefined}
          onPress={() => submit('stay')}
        >
          {t('booking.addToBasket')}
        </Button>
        <Button
          className="grow"
          variant="secondary"
          isDisabled={!enabled || add.isPending}
          aria-describedby={reasonText ? `${reasonId}-${where}` : undefined}
          onPress={() => submit('checkout')}
        >
          {t('booking.checkoutNow')}
        </Button>
      </div>
    </div>
  );

  return (
    <div className="flex flex-col gap-6 pb-40 lg:pb-0">
      <TextLink to={listPath} className="self-start">
        {t(`${kind}.back`)}
      </TextLink>
      <div>
        <h1 className="text-4xl font-bold">{p.name}</h1>
        <p className="mt-1 text-lg">{`${p.category.name}, ${t('at', { venue: p.venue.name })}`}</p>
      </div>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="flex flex-col gap-6">
          <Section title={t('booking.attendee')}>
            {desk ? (
              <p>{t('booking.bookingFor', { name: desk.forName ?? '' })}</p>
            ) : isLoggedIn && user ? (
              people.length > 0 ? (
                <fieldset className="flex flex-col gap-2">
                  <legend className="font-bold">{t('booking.whoFor')}</legend>
                  {[{ id: user.id, name: `${user.firstName} ${user.lastName}` }, ...people].map((u) => (
                    <label key={u.id} className="inline-flex min-h-11 cursor-pointer items-center gap-3">
                      <input
                        type="radio"
                        name="attendee"
                        className="size-5 accent-[var(--color-primary)]"
                        checked={(attendee ?? user.id) === u.id}
                        onChange={() => changeAttendee(u.id)}
                      />
                      <span>{u.id === user.id ? t('booking.me', { name: u.name }) : u.name}</span>
                    </label>
                  ))}
                </fieldset>
              ) : (
                <p>{t('booking.bookingFor', { name: `${user.firstName} ${user.lastName}` })}</p>
              )
            ) : (
              <p>{t('booking.logInToChoose')}</p>
            )}
          </Section>
          {kind === 'camps' && choice ? (
            <Section title={t('booking.dates')}>
              <CampDates
                camp={p}
                choice={choice}
                type={campType}
                onTypeChange={setCampType}
                selected={selected}
                onSelectedChange={setSelected}
                selectable={selectable}
                now={now}
                showError={showAll}
              />
            </Section>
          ) : null}
          {p.extras.length > 0 ? (
            <Section title={t('facts.extras')}>
              {p.extras.map((e) => (
                <ExtraStepper
                  key={e.id}
                  name={e.name}
                  price={showMoney(e.price)}
                  value={extras[e.id] ?? 0}
                  onChange={(n) => setExtras((x) => ({ ...x, [e.id]: n }))}
                />
              ))}
            </Section>
          ) : null}
          {sections.length > 0 ? (
            <Section title={t('booking.questions')}>
              <QuestionsForm
                sections={sections}
                values={values}
                errors={shownErrors}
                onChange={changeAnswer}
                onBlur={(id) => setTouched((s) => new Set(s).add(id))}
              />
            </Section>
          ) : null}
          {waivers.length > 0 ? (
            <Section title={t('booking.waiver', { count: waivers.length })}>
              <WaiverConsents
                waivers={waivers}
                agreed={agreedWaivers}
                error={waiverError}
                onChange={(ids) => {
                  setAgreedWaivers(ids);
                  setWaiverError(undefined);
                }}
              />
            </Section>
          ) : null}
        </div>
        <aside aria-label={t('booking.review')} className="flex flex-col gap-4 self-start lg:sticky lg:top-4">
          <Section title={t('booking.review')}>
            <dl className="flex flex-col gap-2">
              {attendeeName ? (
                <div className="flex justify-between gap-3">
                  <dt className="font-bold">{t('booking.attendee')}</dt>
                  <dd>{attendeeName}</dd>
                </div>
              ) : null}
              <div className="flex justify-between gap-3">
                <dt className="font-bold">{t('facts.dates')}</dt>
                <dd className="text-right">
                  {kind === 'camps' && campType === 'individual'
                    ? t('booking.sessionsChosen', { count: selected.length })
                    : t('facts.dateRange', { from: dayOf(p.startsAt), to: dayOf(p.endsAt) })}
                </dd>
              </div>
              <div className="flex justify-between gap-3">
                <dt className="font-bold">{kind === 'courses' && p.proRataPrice ? t('facts.proRataPrice') : t('facts.price')}</dt>
                <dd>{showAmount(basePrice, currency)}</dd>
              </div>
              {chosenExtras.map((e) => (
                <div key={e.id} className="flex justify-between gap-3">
                  <dt>{`${e.name} x ${extras[e.id] ?? 0}`}</dt>
                  <dd>{showAmount(e.price.value * (extras[e.id] ?? 0), currency)}</dd>
                </div>
              ))}
              <div className="flex justify-between gap-3 border-t border-gray-300 pt-2 text-lg">
                <dt className="font-bold">{t('booking.total')}</dt>
                <dd className="font-bold" aria-live="polite">
                  {showAmount(total, currency)}
                </dd>
              </div>
            </dl>
            <div className="hidden lg:block">{actions('side')}</div>
          </Section>
        </aside>
      </div>
      <div className="fixed inset-x-0 bottom-0 z-20 border-t border-gray-300 bg-white p-3 shadow-lg lg:hidden">
        <p className="mb-1 flex justify-between font-bold">
          <span>{t('booking.total')}</span>
          <span>{showAmount(total, currency)}</span>
        </p>
        {actions('bar')}
      </div>
      <AddedPanel isOpen={added} onOpenChange={setAdded} text={t(`${kind}.added`, { name: p.name })} />
    </div>
  );
}
