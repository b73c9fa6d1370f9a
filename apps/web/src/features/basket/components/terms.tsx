import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { Checkbox } from '../../../components/checkbox';

// The modal (React Aria's dialog) and the HTML sanitiser load the first time the terms are opened, not with the
// basket or checkout (decision 282): most customers tick the box without reading them here.
const TermsModal = lazy(() => import('./terms-modal').then((m) => ({ default: m.TermsModal })));

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
  // Once opened the modal stays mounted (closed), so it closes and gives focus back as React Aria's modal does.
  const [loaded, setLoaded] = useState(false);
  return (
    <div className="flex flex-col items-start gap-1">
      <Checkbox isSelected={agreed} onChange={onChange} isInvalid={isInvalid}>
        {t('agreeTerms')}
      </Checkbox>
      <Button
        variant="link"
        onPress={() => {
          setLoaded(true);
          setOpen(true);
        }}
      >
        {t('readTerms')}
      </Button>
      {loaded ? (
        <Suspense fallback={null}>
          <TermsModal
            terms={terms}
            isOpen={open}
            onOpenChange={setOpen}
            onAgree={() => {
              onChange(true);
              setOpen(false);
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
