import { useTranslation } from 'react-i18next';
import { useRestriction, type WaiverToAgree } from '../lib/restrictions';
import { Checkbox } from './checkbox';
import { SafeHtml } from './safe-html';
import { Spinner } from './spinner';

interface WaiverConsentProps {
  waiver: { id: number; name: string };
  agreed: boolean;
  onChange: (agreed: boolean) => void;
  error?: string | undefined;
}

/**
 * One waiver's consent (doc 2, section 5: a pre-purchase waiver must be agreed before the add): the terms, sanitised
 * before they reach the page, and the box that agrees to them.
 */
export function WaiverConsent({ waiver, agreed, onChange, error }: WaiverConsentProps) {
  const { t } = useTranslation();
  const terms = useRestriction(waiver.id);
  return (
    <div className="flex flex-col gap-3">
      <h3 className="text-lg font-bold">{waiver.name}</h3>
      {terms.data?.terms ? (
        <div className="max-h-64 overflow-y-auto rounded-md border border-gray-300 bg-gray-50 p-3">
          <SafeHtml html={terms.data.terms} />
        </div>
      ) : terms.isPending ? (
        <Spinner label={t('waivers.loading')} />
      ) : null}
      <Checkbox isSelected={agreed} onChange={onChange} isInvalid={Boolean(error)}>
        {t('waivers.agree', { name: waiver.name })}
      </Checkbox>
      {error ? <p className="text-sm font-bold text-red-700">{error}</p> : null}
    </div>
  );
}

interface WaiverConsentsProps {
  waivers: WaiverToAgree[];
  /** The ids of the waivers ticked. */
  agreed: readonly number[];
  onChange: (agreed: number[]) => void;
  /** A refusal of the add (the server names each waiver still to agree), shown under the last. */
  error?: string | undefined;
}

/**
 * Every waiver a booking asks to agree before it is added (a category's and a course's, say), one consent each: the
 * booking sends each one ticked in activity_restriction_ids.
 */
export function WaiverConsents({ waivers, agreed, onChange, error }: WaiverConsentsProps) {
  return (
    <div className="flex flex-col gap-6">
      {waivers.map((w, i) => (
        <WaiverConsent
          key={w.id}
          waiver={w}
          agreed={agreed.includes(w.id)}
          onChange={(v) => onChange(v ? [...agreed.filter((id) => id !== w.id), w.id] : agreed.filter((id) => id !== w.id))}
          error={i === waivers.length - 1 ? error : undefined}
        />
      ))}
    </div>
  );
}
