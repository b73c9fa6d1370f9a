import type { SessionTag } from '@app/domain';
import { AlertTriangle } from 'lucide-react';
import { useTranslation } from 'react-i18next';

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

/** A session's one tag (doc 2's priority order), with the low-availability warning when few places are left. */
export function SessionTagBadge({ tag }: { tag: SessionTag }) {
  const { t } = useTranslation('activities');
  const low = tag.kind === 'available' && tag.low;
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
      {tag.label}
    </p>
  );
}
