import { Clock, MapPin, Minus, Plus, User, Users } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { Spinner } from '../../../components/spinner';
import { showMoney, showTime } from '../../../lib/format';
import type { CartLine } from '../api/get-cart';
import { isMembershipLine } from '../kinds';
import { HoldCountdown } from './hold-countdown';

/** Changes a basket line offers on the basket screen (none in the checkout summary). */
export interface BasketItemActions {
  onQuantity: (item: CartLine, quantity: number) => void;
  onRemoveExtra: (item: CartLine, extra: CartLine['extras'][number]) => void;
  onRemoveBenefit: (item: CartLine) => void;
  onRemovePackage: (item: CartLine) => void;
  /** Moves a session to another person (decision 168). */
  onMove?: (item: CartLine, toUserId: number) => void;
  busy: boolean;
}

/** Whom the basket's lines can be for: its owner first, then the linked users they may book for. */
export interface BasketPeople {
  ownerId: number;
  people: { id: number; name: string }[];
}

interface BasketItemProps {
  item: CartLine;
  /** Omit to show the line without a remove button (checkout summary). */
  onRemove?: (item: CartLine) => void;
  removing?: boolean;
  headingLevel?: 'h2' | 'h3';
  actions?: BasketItemActions;
  /** Given when the customer books for others too: each line then says whom it is for. */
  people?: BasketPeople;
  /** The basket's id, on the basket screen: a line with questions then asks them (none in the checkout summary). */
  cartId?: number;
}

/**
 * The choice of person loads with the first line that offers it: the checkout's summary shows these lines too, and
 * would otherwise carry React Aria's select (about 30 KB gzip) for a choice it never offers (decision 085).
 */
const SelectField = lazy(() => import('../../../components/select-field').then((m) => ({ default: m.SelectField })));

/** A line's questions load with the first line that asks any, for the same reason (decision 085): few baskets need them. */
const LineQuestions = lazy(() => import('./line-questions').then((m) => ({ default: m.LineQuestions })));

/** Only a single session still holding its place moves (decision 168; the server decides too). */
const canMove = (item: CartLine) => item.kind === 'av2_booking' && !item.expired;

/** 'For Sam Morgan' on a line, or, where the line can move, the choice of whom it is for. */
function PersonFor({ item, people, actions }: { item: CartLine; people: BasketPeople; actions?: BasketItemActions | undefined }) {
  const { t } = useTranslation('basket');
  const forId = item.purchasedForUserId ?? people.ownerId;
  const person = people.people.find((p) => p.id === forId);
  if (actions?.onMove && canMove(item) && person && people.people.length > 1) {
    const onMove = actions.onMove;
    return (
      <Suspense fallback={<PersonLine name={person.name} />}>
        <SelectField
          className="max-w-xs"
          label={t('whoFor', { name: item.name })}
          value={String(forId)}
          options={people.people.map((p) => ({ value: String(p.id), label: p.name }))}
          onChange={(id) => {
            if (Number(id) !== forId) onMove(item, Number(id));
          }}
        />
      </Suspense>
    );
  }
  return <PersonLine name={person?.name} />;
}

function PersonLine({ name }: { name: string | undefined }) {
  const { t } = useTranslation('basket');
  return (
    <p className="flex items-center gap-2 font-bold">
      <User aria-hidden="true" className="size-4 shrink-0" />
      <span>{name ? t('ticketFor', { name }) : t('forSomeoneElse')}</span>
    </p>
  );
}

function QuantityStepper({ item, actions }: { item: CartLine; actions: BasketItemActions }) {
  const { t } = useTranslation('basket');
  return (
    <div className="flex items-center gap-2">
      <Button
        variant="secondary"
        size="sm"
        aria-label={t('decrease', { name: item.name })}
        isDisabled={actions.busy || item.quantity <= 1}
        onPress={() => actions.onQuantity(item, item.quantity - 1)}
      >
        <Minus aria-hidden="true" className="size-4" />
      </Button>
      <span aria-live="polite">
        <span className="sr-only">{t('quantityWord')} </span>
        {item.quantity}
      </span>
      <Button
        variant="secondary"
        size="sm"
        aria-label={t('increase', { name: item.name })}
        isDisabled={actions.busy || item.quantity >= item.maxQuantity}
        onPress={() => actions.onQuantity(item, item.quantity + 1)}
      >
        <Plus aria-hidden="true" className="size-4" />
      </Button>
    </div>
  );
}

/** Kinds that are not a single booked session get a label saying what they are (a membership, a top-up ...). */
const kindLabels: Partial<
  Record<
    CartLine['kind'],
    `kinds.${'bundle' | 'topUp' | 'membership' | 'membershipChange' | 'membershipRenewal' | 'penalty' | 'pricingOption'}`
  >
> = {
  av2_booking_bundle: 'kinds.bundle',
  journal_transaction: 'kinds.topUp',
  membership: 'kinds.membership',
  membership_change: 'kinds.membershipChange',
  membership_renewal: 'kinds.membershipRenewal',
  penalty: 'kinds.penalty',
  pricing_option: 'kinds.pricingOption',
};

function When({ item }: { item: CartLine }) {
  const resource = item.cartableResource;
  const time = resource.startsAt && resource.endsAt ? `${resource.startsAt} - ${resource.endsAt}` : null;
  const text = [resource.date, time].filter(Boolean).join(', ');
  if (!text) return null;
  return (
    <p className="flex items-center gap-2">
      <Clock aria-hidden="true" className="size-4 shrink-0" />
      <span>{text}</span>
    </p>
  );
}

function Where({ item }: { item: CartLine }) {
  const resource = item.cartableResource;
  const text = [resource.location, resource.venueName ?? item.venue?.name ?? item.homeVenue?.name].filter(Boolean).join(', ');
  if (!text) return null;
  return (
    <p className="flex items-center gap-2">
      <MapPin aria-hidden="true" className="size-4 shrink-0" />
      <span>{text}</span>
    </p>
  );
}

/**
 * One basket line: what it is, when and where, its price; a bundle lists its sessions and a line with a quantity
 * says how many. Expired lines say so; a loading overlay covers the line while it is removed.
 */
export function BasketItem({ item, onRemove, removing = false, headingLevel: Heading = 'h3', actions, people, cartId }: BasketItemProps) {
  const { t } = useTranslation('basket');
  const kindLabel = kindLabels[item.kind];
  const isMembership = isMembershipLine(item);
  return (
    <article
      aria-busy={removing}
      className={`relative rounded-lg border p-4 ${item.expired ? 'border-red-700 bg-red-50' : 'border-gray-300 bg-white'}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="flex flex-col gap-1">
          {kindLabel ? <p className="text-sm font-bold uppercase tracking-wide text-gray-700">{t(kindLabel)}</p> : null}
          <Heading className="text-lg font-bold">{item.name}</Heading>
          {isMembership && item.cartableResource.newMembership ? <p>{t('newMembership')}</p> : null}
          {people ? <PersonFor item={item} people={people} actions={actions} /> : null}
          <When item={item} />
          <Where item={item} />
          {item.quantity > 1 ? (
            <p className="flex items-center gap-2">
              <Users aria-hidden="true" className="size-4 shrink-0" />
              <span>{t('quantity', { count: item.quantity, price: showMoney(item.price) })}</span>
            </p>
          ) : null}
          {item.price.benefitApplied ? (
            <p className="flex flex-wrap items-center gap-2 text-sm text-gray-700">
              {t('benefitApplied')}
              {actions ? (
                <Button variant="link" isDisabled={actions.busy} onPress={() => actions.onRemoveBenefit(item)}>
                  {t('removeBenefit')}
                </Button>
              ) : null}
            </p>
          ) : null}
          {item.price.packageApplied ? (
            <p className="flex flex-wrap items-center gap-2 text-sm text-gray-700">
              {t('packageApplied')}
              {actions ? (
                <Button variant="link" isDisabled={actions.busy} onPress={() => actions.onRemovePackage(item)}>
                  {t('removePackage')}
                </Button>
              ) : null}
            </p>
          ) : null}
          {item.childItems.length > 0 ? (
            <div className="mt-1">
              <p className="font-bold">{item.kind === 'av2_booking_bundle' ? t('sessions') : t('includes')}</p>
              <ul className="list-disc pl-5">
                {item.childItems.map((child) => (
                  // The same ticket type can be there twice: once at list price, once for a named customer.
                  <li key={`${child.id}-${child.customerReference ?? 'list'}`}>
                    {child.quantity > 1 ? `${child.quantity} × ${child.name}` : child.name}
                    {child.price.value > 0 ? ` (${showMoney(child.price)})` : null}
                    {child.customerName ? (
                      <span className="block text-sm text-gray-700">
                        {child.discountPercent > 0
                          ? t('ticketDiscount', {
                              name: child.customerName,
                              percent: child.discountPercent,
                              full: showMoney(child.fullPrice),
                            })
                          : t('ticketFor', { name: child.customerName })}
                      </span>
                    ) : null}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          {item.extras.length > 0 ? (
            <div className="mt-1">
              <p className="font-bold">{t('extras')}</p>
              <ul className="list-disc pl-5">
                {item.extras.map((extra) => (
                  <li key={extra.pricingOptionId}>
                    {`${extra.quantity} × ${extra.name} (${showMoney(extra.price)})`}
                    {actions && extra.quantity > 0 ? (
                      <>
                        {' '}
                        <Button variant="link" isDisabled={actions.busy} onPress={() => actions.onRemoveExtra(item, extra)}>
                          {t('removeItem', { name: extra.name })}
                        </Button>
                      </>
                    ) : null}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          {cartId !== undefined && item.customQuestionSections.length > 0 && !item.expired ? (
            <Suspense fallback={<Spinner label={t('questions.loading')} />}>
              <LineQuestions line={item} cartId={cartId} />
            </Suspense>
          ) : null}
          {item.expired ? (
            <p className="font-bold text-red-800">
              <span className="mr-2 rounded bg-red-800 px-2 py-0.5 text-sm text-white">{t('expired')}</span>
              {t('expiredText')}
            </p>
          ) : item.expiresAt ? (
            <>
              <p className="text-sm text-gray-700">
                {t('heldUntil', {
                  time: showTime(item.expiresAt),
                })}
              </p>
              <HoldCountdown expiresAt={item.expiresAt} />
            </>
          ) : null}
        </div>
        <div className="flex flex-col items-end gap-2">
          <p className="text-lg font-bold">{showMoney(item.lineTotal)}</p>
          {actions && item.maxQuantity > 1 && !item.expired ? <QuantityStepper item={item} actions={actions} /> : null}
          {onRemove ? (
            <Button variant="link" onPress={() => onRemove(item)} isDisabled={removing} aria-label={t('removeItem', { name: item.name })}>
              {t('remove')}
            </Button>
          ) : null}
        </div>
      </div>
      {removing ? (
        <div className="absolute inset-0 flex items-center justify-center rounded-lg bg-white/80">
          <Spinner label={t('removing', { name: item.name })} />
        </div>
      ) : null}
    </article>
  );
}
