import { type SessionRowState, sessionRowState, sessionTag } from '@app/domain';
import { Info, MapPin, User } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { Checkbox } from '../../../components/checkbox';
import { WaitlistButton } from '../../waitlists';
import type { RowView } from '../rows';
import { SessionTagBadge } from './session-tag-badge';

const stateStyles: Record<SessionRowState, string> = {
  selectable: 'border-gray-300',
  selected: 'border-primary bg-primary-50',
  checkable: 'border-gray-300',
  checked: 'border-primary bg-primary-50',
  disabled: 'border-gray-300 bg-gray-50',
};

interface SessionRowProps {
  row: RowView;
  /** 'select': one session at a time (Book, Choose tickets); 'check': several at once (court slots). */
  mode?: 'select' | 'check';
  /** Selected (its details or tickets are open, or it is being added) or checked. */
  chosen?: boolean;
  /** The choose action is under way (adding to the basket). */
  busy?: boolean;
  onChoose: (row: RowView) => void;
  /** The choose button's words: Book by default; Choose tickets for ticketed times. */
  chooseText?: 'book' | 'chooseTickets';
  onDetails?: (row: RowView) => void;
}

/**
 * One session of a day: day of week, time range, name, instructors, location, its tag and price, and what can be
 * done with it in its state (doc 2, section 2): Book or a checkbox when it can be chosen, Join or Leave waitlist when
 * its action says so, and Details.
 */
export function SessionRow({
  row,
  mode = 'select',
  chosen = false,
  busy = false,
  onChoose,
  chooseText = 'book',
  onDetails,
}: SessionRowProps) {
  const { t } = useTranslation('activities');
  const tag = sessionTag(row.tagInput);
  const state = sessionRowState(row.tagInput, mode, chosen);
  const label = t('timetable.sessionLabel', { name: row.name, time: row.timeRange });
  const past = tag.kind === 'past';
  const instructors = row.instructors.map((i) => i.name).join(', ');

  return (
    <article className={`flex flex-wrap items-center justify-between gap-4 rounded-lg border p-4 ${stateStyles[state]}`} data-state={state}>
      <div className="flex flex-col gap-1">
        <p className="font-bold">
          <span>{row.day}</span> <time dateTime={row.startsLocal}>{row.timeRange}</time>
        </p>
        <h3 className="text-xl font-bold">{row.name}</h3>
        {instructors ? (
          <p className="flex items-center gap-2">
            <User aria-hidden="true" className="size-4" />
            <span>{t('timetable.with', { names: instructors })}</span>
          </p>
        ) : null}
        <p className="flex items-center gap-2">
          <MapPin aria-hidden="true" className="size-4" />
          <span>{row.location}</span>
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <SessionTagBadge tag={tag} waitlist={row.waitlist} queuePosition={row.queuePosition} />
        {row.price ? <p className="text-lg font-bold">{row.price}</p> : null}
        {onDetails ? (
          <Button variant="ghost" size="sm" onPress={() => onDetails(row)} aria-label={t('timetable.detailsOf', { session: label })}>
            <Info aria-hidden="true" className="size-4" />
            {t('timetable.details')}
          </Button>
        ) : null}
        {!past && (row.action === 'join_waitlist' || row.action === 'leave_waitlist') ? (
          <WaitlistButton occurrenceId={row.id} action={row.action} sessionLabel={label} />
        ) : null}
        {state === 'checkable' || state === 'checked' ? (
          <Checkbox isSelected={state === 'checked'} onChange={() => onChoose(row)} isDisabled={busy}>
            {t('timetable.choose')}
            <span className="sr-only"> {label}</span>
          </Checkbox>
        ) : null}
        {state === 'selectable' || state === 'selected' ? (
          <Button onPress={() => onChoose(row)} isDisabled={busy} aria-label={t(`timetable.${chooseText}Session`, { session: label })}>
            {t(`timetable.${chooseText}`)}
          </Button>
        ) : null}
      </div>
    </article>
  );
}
