import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { Checkbox } from '../../../components/checkbox';
import { Modal } from '../../../components/modal';
import { SafeHtml } from '../../../components/safe-html';

interface TermsCheckboxProps {
  terms: string;
  agreed: boolean;
  onChange: (agreed: boolean) => void;
  isInvalid?: boolean;
}

/**
 * 'I agree to the Terms and Conditions', with the terms one press away in a modal. The button sits beside the
 * checkbox, not inside its label, so neither control is nested in the other.
 */
export function TermsCheckbox({ terms, agreed, onChange, isInvalid }: TermsCheckboxProps) {
  const { t } = useTranslation('basket');
  const [open, setOpen] = useState(false);
  return (
    <div className="flex flex-col items-start gap-1">
      <Checkbox isSelected={agreed} onChange={onChange} isInvalid={isInvalid}>
        {t('agreeTerms')}
      </Checkbox>
      <Button variant="link" onPress={() => setOpen(true)}>
        {t('readTerms')}
      </Button>
      <Modal title={t('termsTitle')} isOpen={open} onOpenChange={setOpen} closeLabel={t('close')} size="lg">
        <SafeHtml html={terms} />
        <div className="mt-6 flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onPress={() => setOpen(false)}>
            {t('close')}
          </Button>
          <Button
            onPress={() => {
              onChange(true);
              setOpen(false);
            }}
          >
            {t('agreeTerms')}
          </Button>
        </div>
      </Modal>
    </div>
  );
}
