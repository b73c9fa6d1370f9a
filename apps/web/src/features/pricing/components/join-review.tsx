import { dayjs } from '@app/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { Modal } from '../../../components/modal';
import { SelectField } from '../../../components/select-field';
import { Spinner } from '../../../components/spinner';
import { showDate, showMoney } from '../../../lib/format';
import type { Plan } from '../api/get-plans';

export interface VenueChoice {
  id: number;
  slug: string;
  name: string;
}

interface JoinReviewProps {
  plan: Plan | null;
  /** Today in the client's timezone ('YYYY-MM-DD'): a membership starts the day it is paid for. */
  today: string;
  /** The venues a membership can be based at; null while they load. */
  venues: VenueChoice[] | null;
  /** The customer's home venue (its slug) where they have one, offered first but still shown and changeable. */
  homeVenueSlug: string | null;
  adding: boolean;
  onClose: () => void;
  onConfirm: (homeVenueId: number | null) => void;
}

/**
 * What joining means, before the plan goes in the basket (issue 13, defect 14): the price per period, the day it
 * starts and the day it ends, that it does not renew by itself (a renewal is bought from My account, so there is
 * nothing to cancel), and the home venue, chosen here rather than taken from the account. The operator's terms are
 * agreed at checkout, as for everything in the basket.
 */
export function JoinReview({ plan, today, venues, homeVenueSlug, adding, onClose, onConfirm }: JoinReviewProps) {
  const { t } = useTranslation('pricing');
  // Until the customer picks one, their own home venue, else the first: shown, never taken silently (issue 13,
  // defect 14). Worked out on each render, so venues that arrive after the review opened are offered too.
  const [picked, setPicked] = useState<string>('');
  const initial = venues?.find((v) => v.slug === homeVenueSlug) ?? venues?.[0];
  const venueId = picked || (initial ? String(initial.id) : '');
  const only = venues?.length === 1 ? venues[0] : undefined;
  if (!plan) return null;
  const change = plan.held === 'another_plan';
  const ends =
    plan.billingPeriod === 'monthly'
      ? dayjs(today).add(1, 'month').format('YYYY-MM-DD')
      : plan.billingPeriod === 'annual'
        ? dayjs(today).add(1, 'year').format('YYYY-MM-DD')
        : null;
  return (
    <Modal
      title={t(change ? 'review.changeTitle' : 'review.title', { name: plan.name })}
      isOpen
      onOpenChange={(open) => (open ? undefined : onClose())}
      closeLabel={t('review.close')}
    >
      <div className="flex flex-col gap-4">
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
          <dt className="font-bold">{t('review.price')}</dt>
          <dd>{t(`price.${plan.billingPeriod}`, { price: showMoney(plan.price) })}</dd>
          <dt className="font-bold">{t('review.starts')}</dt>
          <dd>{t('review.startsOn', { date: showDate(today) })}</dd>
          <dt className="font-bold">{t('review.ends')}</dt>
          <dd>{ends ? showDate(ends) : t('review.noEnd')}</dd>
        </dl>
        <p>{t(ends ? 'review.renewal' : 'review.oneOff')}</p>
        {change ? <p>{t('review.change')}</p> : null}
        {venues === null ? <Spinner label={t('review.loadingVenues')} /> : null}
        {only ? (
          <dl className="grid grid-cols-[auto_1fr] gap-x-4">
            <dt className="font-bold">{t('review.homeVenue')}</dt>
            <dd>{only.name}</dd>
          </dl>
        ) : null}
        {venues && venues.length > 1 ? (
          <div className="flex flex-col gap-1">
            <SelectField
              label={t('review.homeVenue')}
              value={venueId}
              options={venues.map((v) => ({ value: String(v.id), label: v.name }))}
              onChange={setPicked}
            />
            <p className="text-sm text-gray-700">{t('review.homeVenueHelp')}</p>
          </div>
        ) : null}
        <p className="text-sm text-gray-700">{t('review.termsAtCheckout')}</p>
        <div className="flex flex-wrap items-center gap-3">
          <Button onPress={() => onConfirm(venueId ? Number(venueId) : null)} isDisabled={adding || venues === null}>
            {t('review.add')}
          </Button>
          <Button variant="secondary" onPress={onClose}>
            {t('review.cancel')}
          </Button>
          {adding ? <Spinner label={t('adding', { name: plan.name })} /> : null}
        </div>
      </div>
    </Modal>
  );
}
