import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { Modal } from '../../../components/modal';
import { SafeHtml } from '../../../components/safe-html';

interface TermsModalProps {
  terms: string;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  onAgree: () => void;
}

/** The operator's terms in a modal, with 'I agree' beside 'Close'. Loaded the first time it opens (terms.tsx). */
export function TermsModal({ terms, isOpen, onOpenChange, onAgree }: TermsModalProps) {
  const { t } = useTranslation('basket');
  return (
    <Modal title={t('termsTitle')} isOpen={isOpen} onOpenChange={onOpenChange} closeLabel={t('close')} size="lg">
      <SafeHtml html={terms} />
      <div className="mt-6 flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onPress={() => onOpenChange(false)}>
          {t('close')}
        </Button>
        <Button onPress={onAgree}>{t('agreeTerms')}</Button>
      </div>
    </Modal>
  );
}
