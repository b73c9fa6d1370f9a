import { CheckCircle2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/button';
import { Modal } from '../../../components/modal';
import { useDeskMode } from '../../../lib/desk-mode';

/**
 * 'Items added to basket', with Checkout and Back to home (doc 1, section 2). Every screen that adds to the basket
 * opens it; `text` says what was added (a session held, a membership).
 */
export function AddedPanel({ isOpen, onOpenChange, text }: { isOpen: boolean; onOpenChange: (open: boolean) => void; text: string }) {
  const { t } = useTranslation('basket');
  const { t: tc } = useTranslation();
  // At the desk (decision 162) the panel leads to the desk's checkout and back to the customer's record.
  const desk = useDeskMode();
  return (
    <Modal title={t('added.title')} isOpen={isOpen} onOpenChange={onOpenChange} closeLabel={tc('close')} size="sm">
      <div className="flex items-start gap-3">
        <CheckCircle2 aria-hidden="true" className="size-6 shrink-0 text-green-800" />
        <p>{text}</p>
      </div>
      <div className="mt-6 flex flex-wrap gap-3">
        <ButtonLink to={desk?.checkoutPath ?? '/basket/checkout'}>{t('added.checkout')}</ButtonLink>
        <ButtonLink to={desk?.homePath ?? '/'} variant="secondary">
          {t('added.backHome')}
        </ButtonLink>
      </div>
    </Modal>
  );
}
