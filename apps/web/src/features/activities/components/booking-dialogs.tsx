import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { Modal } from '../../../components/modal';
import { WaiverConsents } from '../../../components/waiver-consent';
import { waiversAgreed } from '../../../lib/restrictions';
import { AddedPanel } from '../../basket';
import type { BookSessions } from '../use-book-sessions';

/**
 * What a timetable shows around its Book buttons: the waiver step before a session with a waiver to agree goes into
 * the basket (doc 2's restrictions: the pre-purchase or enhanced waiver, agreed before the add), and the 'Items
 * added to basket' panel after.
 */
export function BookingDialogs({ booking, text }: { booking: BookSessions; text: string }) {
  const { t } = useTranslation('activities');
  const { t: tc } = useTranslation();
  const step = booking.waiverStep;
  return (
    <>
      <Modal
        title={t('waivers.title')}
        isOpen={step !== null}
        onOpenChange={(open) => {
          if (!open) booking.cancelWaivers();
        }}
        closeLabel={tc('close')}
      >
        {step ? <WaiverStep waivers={step.waivers} error={step.error} onAgree={booking.agree} onCancel={booking.cancelWaivers} /> : null}
      </Modal>
      <AddedPanel isOpen={booking.added} onOpenChange={booking.setAdded} text={text} />
    </>
  );
}

function WaiverStep({
  waivers,
  error,
  onAgree,
  onCancel,
}: {
  waivers: NonNullable<BookSessions['waiverStep']>['waivers'];
  error: string | undefined;
  onAgree: (ids: number[]) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('activities');
  const [agreed, setAgreed] = useState<number[]>([]);
  const ready = waiversAgreed(waivers, agreed);
  return (
    <div className="flex flex-col gap-6">
      <p>{t('waivers.intro', { count: waivers.length })}</p>
      <WaiverConsents waivers={waivers} agreed={agreed} onChange={setAgreed} error={error} />
      <div className="flex flex-wrap gap-3">
        <Button isDisabled={!ready} onPress={() => onAgree(agreed)}>
          {t('waivers.agreeAndBook')}
        </Button>
        <Button variant="secondary" onPress={onCancel}>
          {t('waivers.cancel')}
        </Button>
      </div>
    </div>
  );
}
