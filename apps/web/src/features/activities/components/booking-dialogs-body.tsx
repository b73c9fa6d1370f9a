import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/modal';
import { AddedPanel } from '../../basket';
import type { BookSessions } from '../use-book-sessions';
import { WaiverStep } from './waiver-step';

/**
 * What a timetable shows around its Book buttons: the waiver step before a session with a waiver to agree goes into
 * the basket (doc 2's restrictions: the pre-purchase or enhanced waiver, agreed before the add), and the 'Items
 * added to basket' panel after.
 */
export function BookingDialogsBody({ booking, text }: { booking: BookSessions; text: string }) {
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
