import type { SessionTag } from '@app/domain';
import { AlertTriangle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ordinal } from '../../waitlists';

const tagStyles: Record<SessionTag['kind'], string> = {
  past: 'bg-gray-200 text-gray-800',
  booked: 'bg-green-100 text-green-900',
  reserved: 'bg-blue-100 text-blue-900',
  on_waitlist: 'bg-blue-100 text-blue-900',
  join_waitlist: 'bg-amber-100 text-amber-900',
  busy: 'bg-gray-200 text-gray-800',
  message: 'bg-gray-200 text-gray-800',
  sold_out: 'bg-gray-200 text-gray-800',
  available: 'bg-green-100 text-green-900',
};

/**
 * A session's one tag (doc 2's priority order), with the low-availability warning when few places are left. A full
 * session says 'Full' and how long its waitlist is, next to the 'Join waitlist' button, rather than repeating the
 * button's words (issue 13, defect 6; decision 093). A customer waiting for the session sees their place in the
 * queue beside 'On waitlist' ('3rd in the queue'; decision 102's waitlist_position).
 */
export function SessionTagBadge({
  tag,
  waitlist = null,
  queuePosition = null,
}: {
  tag: SessionTag;
  waitlist?: number | null;
  queuePosition?: number | null;
}) {
  const { t } = useTranslation('activities');
  const low = tag.kind === 'available' && tag.low;
  const full = tag.kind === 'join_waitlist' || tag.kind === 'sold_out';
  return (
    <p
      className={`inline-flex items-center gap-1 rounded-full px-3 py-1 text-sm font-bold ${low ? 'bg-amber-100 text-amber-900' : tagStyles[tag.kind]}`}
    >
      {low ? (
        <>
          <AlertTriangle aria-hidden="true" className="size-4" />
          <span className="sr-only">{t('timetable.lowAvailability')}: </span>
        </>
      ) : null}
      {full ? t('timetable.full') : tag.label}
      {full && waitlist !== null ? <span className="font-normal">{`, ${t('timetable.waiting', { count: waitlist })}`}</span> : null}
      {tag.kind === 'on_waitlist' && queuePosition !== null ? (
        <span className="font-normal">{`, ${t('waitlist.position', { ordinal: ordinal(queuePosition) })}`}</span>
      ) : null}
    </p>
  );
}
