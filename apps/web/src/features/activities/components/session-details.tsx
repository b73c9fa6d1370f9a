import { sessionTag } from '@app/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/alert';
import { SlideOver } from '../../../components/slide-over';
import { PageSpinner } from '../../../components/spinner';
import { showDate } from '../../../lib/format';
import { useLatestPresent } from '../../../lib/use-latest-present';
import { useNow } from '../../../lib/use-now';
import { WaitlistButton } from '../../waitlists';
import { useOccurrence } from '../api/get-occurrence';
import { type RowView, sessionRow } from '../rows';
import { SessionTagBadge } from './session-tag-badge';

interface SessionDetailsProps {
  /** The session to show; null closes the panel. */
  id: string | null;
  onClose: () => void;
  /** The panel's main action for a session that can be chosen (Book, Choose tickets). */
  action?: (row: RowView) => ReactNode;
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-sm font-bold text-gray-700">{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** One session in a slide-over (doc 2: 'ddd, D MMM YYYY' with the HH:mm range), loaded by id, with what can be done. */
export function SessionDetails({ id, onClose, action }: SessionDetailsProps) {
  const { t } = useTranslation('activities');
  const occurrence = useOccurrence(useLatestPresent(id));
  const now = useNow();
  const s = occurrence.data;
  const row = s ? sessionRow(s, now) : null;
  const tag = row ? sessionTag(row.tagInput) : null;
  const label = row ? t('timetable.sessionLabel', { name: row.name, time: row.timeRange }) : '';

  return (
    <SlideOver
      isOpen={id !== null}
      onClose={onClose}
      title={s?.templateName ?? t('details.title')}
      closeLabel={t('details.close')}
      size="medium"
    >
      {occurrence.isPending ? <PageSpinner label={t('details.title')} /> : null}
      {occurrence.isError ? <Alert>{t('details.failed')}</Alert> : null}
      {s && row && tag ? (
        <div className="flex flex-col gap-6">
          {s.templateDescription ? <p>{s.templateDescription}</p> : null}
          <div>
            <SessionTagBadge tag={tag} waitlist={row.waitlist} queuePosition={row.queuePosition} />
          </div>
          <dl className="grid gap-4 sm:grid-cols-2">
            <Fact term={t('details.when')}>
              <time dateTime={row.startsLocal}>{`${showDate(s.startsAt.text)}, ${row.timeRange}`}</time>
            </Fact>
            <Fact term={t('details.where')}>{row.location}</Fact>
            {s.instructors.length ? <Fact term={t('details.who')}>{s.instructors.map((i) => i.name).join(', ')}</Fact> : null}
            <Fact term={t('details.places')}>{`${s.capacity.available} / ${s.capacity.maximum}`}</Fact>
            {row.price ? <Fact term={t('details.price')}>{row.price}</Fact> : null}
            {s.tags.length ? <Fact term={t('details.tags')}>{s.tags.join(', ')}</Fact> : null}
          </dl>
          <div className="flex flex-wrap gap-3">
            {tag.kind !== 'past' && (row.action === 'join_waitlist' || row.action === 'leave_waitlist') ? (
              <WaitlistButton occurrenceId={row.id} action={row.action} sessionLabel={label} />
            ) : null}
            {action ? action(row) : null}
          </div>
        </div>
      ) : null}
    </SlideOver>
  );
}
