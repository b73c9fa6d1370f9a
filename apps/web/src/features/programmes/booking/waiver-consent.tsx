import { useTranslation } from 'react-i18next';
import { Checkbox } from '../../../components/checkbox';
import { SafeHtml } from '../../../components/safe-html';
import { Spinner } from '../../../components/spinner';
import { useRestriction } from '../api/get-restriction';

interface WaiverConsentProps {
  waiver: { id: number; name: string };
  agreed: boolean;
  onChange: (agreed: boolean) => void;
  error?: string | undefined;
}

/**
 * The waiver consent (doc 2, section 5: if the first session has a pre-purchase waiver it must be agreed): the terms,
 * sanitised before they reach the page, and the box that agrees to them.
 */
export function WaiverConsent({ waiver, agreed, onChange, error }: WaiverConsentProps) {
  const { t } = useTranslation('programmes');
  const terms = useRestriction(waiver.id);
  return (
    <div className="flex flex-col gap-3">
      <h3 className="text-lg font-bold">{waiver.name}</h3>
      {terms.data?.terms ? (
        <div className="max-h-64 overflow-y-auto rounded-md border border-gray-300 bg-gray-50 p-3">
          <SafeHtml html={terms.data.terms} />
        </div>
      ) : terms.isPending ? (
        <Spinner label={t('booking.waiverLoading')} />
      ) : null}
      <Checkbox isSelected={agreed} onChange={onChange} isInvalid={Boolean(error)}>
        {t('booking.agreeWaiver', { name: waiver.name })}
      </Checkbox>
      {error ? <p className="text-sm font-bold text-red-700">{error}</p> : null}
    </div>
  );
}
