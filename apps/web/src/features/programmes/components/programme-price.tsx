import { coursePrice } from '@app/domain';
import { useTranslation } from 'react-i18next';
import { showMoney } from '../../../lib/format';
import type { ProgrammeInfo } from '../api/get-programmes';
import type { ProgrammeKind } from '../kinds';

/**
 * What a programme costs. A course: its pro-rata price once it has started (noting the full price), else its price.
 * A camp: the whole camp (when sold bundled) and single sessions at the first session's price (when sold singly).
 */
export function ProgrammePrice({ kind, programme }: { kind: ProgrammeKind; programme: ProgrammeInfo }) {
  const { t } = useTranslation('courses');
  if (kind === 'courses') {
    const price = coursePrice(programme);
    return (
      <div className="flex flex-col">
        <span className="text-lg font-bold">{price ? showMoney(price) : t('facts.notOffered')}</span>
        {programme.proRataPrice && programme.price ? (
          <span className="text-sm text-gray-700">{t('facts.proRataNote', { price: showMoney(programme.price) })}</span>
        ) : null}
      </div>
    );
  }
  const options = programme.pricingOptionAvailability ?? [];
  const single = programme.occurrences[0]?.price;
  return (
    <dl className="flex flex-col gap-1">
      <div className="flex flex-wrap gap-x-2">
        <dt className="font-bold">{t('facts.wholeCamp')}:</dt>
        <dd>{options.includes('bundled') && programme.price ? showMoney(programme.price) : t('facts.notOffered')}</dd>
      </div>
      <div className="flex flex-wrap gap-x-2">
        <dt className="font-bold">{t('facts.singleDays')}:</dt>
        <dd>{options.includes('individual') && single ? t('facts.each', { price: showMoney(single) }) : t('facts.notOffered')}</dd>
      </div>
    </dl>
  );
}
