import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { WaiverConsents } from '../../../components/waiver-consent';
import { waiversAgreed } from '../../../lib/restrictions';
import type { BookSessions } from '../use-book-sessions';

/** The waiver step's content: each waiver's terms and box, and 'Agree and book' once they are met. */
export function WaiverStep({
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
