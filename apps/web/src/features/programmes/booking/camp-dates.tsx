import { questionMessages } from '@app/contracts';
import { type CampBookingType, type CampChoice, isLowAvailability, sessionsByWeek, sessionTag } from '@app/domain';
import { Checkbox as AriaCheckbox, CheckboxGroup, Label, Radio, RadioGroup } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { showDate } from '../../../lib/format';
import type { ProgrammeInfo } from '../api/get-programmes';

type Session = ProgrammeInfo['occurrences'][number];

interface CampDatesProps {
  camp: ProgrammeInfo;
  choice: CampChoice;
  type: CampBookingType;
  onTypeChange: (type: CampBookingType) => void;
  selected: string[];
  onSelectedChange: (ids: string[]) => void;
  /** Sessions that can be ticked (bookable, with a place, not past). */
  selectable: ReadonlySet<string>;
  now: Date;
  showError: boolean;
}

const optionClass =
  'group inline-flex min-h-11 cursor-pointer items-center gap-2 data-[disabled]:cursor-not-allowed data-[disabled]:text-gray-700';
const boxClass =
  'flex size-6 shrink-0 items-center justify-center border-2 border-gray-600 bg-white group-data-[focus-visible]:outline-3 group-data-[focus-visible]:outline-offset-2 group-data-[focus-visible]:outline-primary-text group-data-[selected]:border-primary group-data-[selected]:bg-primary group-data-[disabled]:border-gray-400 group-data-[disabled]:bg-gray-100';

/**
 * The camp's booking dates (doc 2, section 4): the whole camp or chosen sessions, with the forcing and disabling
 * rules of `campChoice`; sessions listed by week when the camp runs more than a week; past and unavailable sessions
 * cannot be ticked, and each says why (the session tag).
 */
export function CampDates({ camp, choice, type, onTypeChange, selected, onSelectedChange, selectable, now, showError }: CampDatesProps) {
  const { t } = useTranslation('courses');
  // Weeks are counted on the centre's calendar: the camp's start and its sessions' starts are all local times.
  const groups = sessionsByWeek(
    camp.occurrences.map((o) => ({ ...o, startsAtLocal: o.startsAt.local })),
    camp.startsAt?.local ?? camp.occurrences[0]?.startsAt.local ?? '',
    camp.durationInWeeks,
  );
  const tagOf = (o: Session) =>
    sessionTag({
      endsAt: new Date(o.endsAt.utc),
      now,
      bookableAction: o.bookableAction,
      available: o.capacity.available,
      lowAvailability: isLowAvailability(o.capacity.available, o.capacity.maximum),
    });
  const missing = showError && type === 'individual' && selected.length === 0;
  return (
    <div className="flex flex-col gap-4">
      <RadioGroup
        value={type}
        onChange={(v) => onTypeChange(v as CampBookingType)}
        isDisabled={choice.forced !== null}
        className="flex flex-col gap-1"
      >
        <Label className="font-bold">{t('booking.campType')}</Label>
        <div className="flex flex-wrap gap-x-6">
          {(['full', 'individual'] as const).map((v) => (
            <Radio key={v} value={v} isDisabled={v === 'full' ? choice.fullDisabled : choice.individualDisabled} className={optionClass}>
              {({ isSelected }) => (
                <>
                  <span aria-hidden="true" className={`${boxClass} rounded-full`}>
                    {isSelected ? <span className="size-2.5 rounded-full bg-on-primary" /> : null}
                  </span>
                  <span>
                    {t(v === 'full' ? (choice.alreadyBookedSome ? 'booking.restOfCamp' : 'booking.fullCamp') : 'booking.individual')}
                  </span>
                </>
              )}
            </Radio>
          ))}
        </div>
      </RadioGroup>
      {type === 'individual' ? (
        <CheckboxGroup
          value={selected}
          onChange={onSelectedChange}
          isInvalid={missing}
          className="flex flex-col gap-3"
          aria-describedby={missing ? 'camp-sessions-error' : undefined}
        >
          <Label className="font-bold">{t('booking.chooseSessions')}</Label>
          {groups.map((g) => (
            <div key={g.week ?? 'all'} className="flex flex-col gap-1">
              {g.week !== null ? <p className="font-bold text-gray-800">{t('booking.week', { week: g.week })}</p> : null}
              {g.sessions.map((o) => {
                const tag = tagOf(o);
                const when = `${showDate(o.startsAt.text)}, ${o.startsAt.format24Hour} - ${o.endsAt.format24Hour}`;
                return (
                  <AriaCheckbox key={o.id} value={o.id} isDisabled={!selectable.has(o.id)} className={optionClass}>
                    {({ isSelected }) => (
                      <>
                        <span aria-hidden="true" className={`${boxClass} rounded`}>
                          {isSelected ? (
                            <svg viewBox="0 0 18 18" className="size-4 fill-none stroke-on-primary stroke-[3]" aria-hidden="true">
                              <polyline points="2 9 7 14 16 4" />
                            </svg>
                          ) : null}
                        </span>
                        <span>
                          {when}
                          <span className="ml-2 text-sm text-gray-700">{`(${tag.label})`}</span>
                        </span>
                      </>
                    )}
                  </AriaCheckbox>
                );
              })}
            </div>
          ))}
          {missing ? (
            <p id="camp-sessions-error" className="text-sm font-bold text-red-700">
              {questionMessages.selectSession}
            </p>
          ) : null}
        </CheckboxGroup>
      ) : null}
    </div>
  );
}
