import { type ActionsToShow, emptyFilters, type FilterView, type filterChoices, isFiltered, type TimetableFilterState } from '@app/domain';
import { ChevronDown } from 'lucide-react';
import { useRef, useState } from 'react';
import { Disclosure, DisclosurePanel, Heading, Button as TriggerButton } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { CheckboxGroupField } from '../../../components/checkbox-group';
import { LazySelectField } from '../../../components/lazy-select-field';
import { useIsMobile } from '../../../lib/breakpoints';

interface FiltersPanelProps {
  view: FilterView;
  value: TimetableFilterState;
  onChange: (value: TimetableFilterState) => void;
  choices: ReturnType<typeof filterChoices>;
  shown: number;
  total: number;
}

const ANY = 'any';

/**
 * Whether the customer last opened or closed the panel, for the rest of the visit. A day with no sessions has no
 * panel, so the panel of the next day is a new one: without this it would start folded on a phone again and again
 * (issue 13, defect 9).
 */
let chosenExpanded: boolean | null = null;

/** Tests start each case from a visit with no choice made. */
export const forgetFiltersPanelChoice = () => {
  chosenExpanded = null;
};
const actionModes: ActionsToShow[] = ['all', 'bookable', 'waitlist', 'mine'];

/**
 * The filters of a day (doc 2, section 3): start and end time and the actions to show for every view, and for
 * classes also instructors and tags. The choices are the day's own; the count says how many rows are shown.
 */
export function FiltersPanel({ view, value, onChange, choices, shown, total }: FiltersPanelProps) {
  const { t } = useTranslation('activities');
  // Open on larger screens; on a phone it starts folded so the sessions are not pushed off the first screen.
  const isMobile = useIsMobile();
  const [expanded, setExpanded] = useState(() => chosenExpanded ?? !isMobile);
  const toggle = (open: boolean) => {
    chosenExpanded = open;
    setExpanded(open);
  };
  const set = (patch: Partial<TimetableFilterState>) => onChange({ ...value, ...patch });
  const trigger = useRef<HTMLButtonElement>(null);
  // 'Clear filters' goes away once pressed: focus goes back to the panel's toggle rather than dropping to the page.
  const clear = () => {
    onChange(emptyFilters(view));
    requestAnimationFrame(() => trigger.current?.focus());
  };
  const times = (list: string[]) => [{ value: ANY, label: t('filters.anyTime') }, ...list.map((time) => ({ value: time, label: time }))];

  return (
    <Disclosure isExpanded={expanded} onExpandedChange={toggle} className="group rounded-lg border border-gray-300 p-4">
      <Heading level={2} className="text-xl font-bold">
        <TriggerButton
          ref={trigger}
          slot="trigger"
          className="flex min-h-11 w-full items-center justify-between gap-2 rounded-md text-left outline-none data-[focus-visible]:outline-3 data-[focus-visible]:outline-solid data-[focus-visible]:outline-primary-text"
        >
          {t('filters.title')}
          <ChevronDown aria-hidden="true" className="size-5 transition-transform group-data-[expanded]:rotate-180" />
        </TriggerButton>
      </Heading>
      <DisclosurePanel className="flex flex-col gap-4 pt-2">
        <div className="grid gap-4 sm:grid-cols-3">
          <LazySelectField
            label={t('filters.startTime')}
            value={value.startTime || ANY}
            options={times(choices.startTimes)}
            onChange={(v) => set({ startTime: v === ANY ? '' : v })}
          />
          <LazySelectField
            label={t('filters.endTime')}
            value={value.endTime || ANY}
            options={times(choices.endTimes)}
            onChange={(v) => set({ endTime: v === ANY ? '' : v })}
          />
          <LazySelectField
            label={t('filters.show')}
            value={value.actionsToShow}
            options={actionModes.map((mode) => ({ value: mode, label: t(`filters.modes.${mode}`) }))}
            onChange={(v) => set({ actionsToShow: v })}
          />
        </div>
        {view === 'classes' && choices.instructors.length > 0 ? (
          <CheckboxGroupField
            label={t('filters.instructors')}
            value={value.instructorIds.map(String)}
            options={choices.instructors.map((i) => ({ value: String(i.id), label: i.name }))}
            onChange={(ids) => set({ instructorIds: ids.map(Number) })}
          />
        ) : null}
        {view === 'classes' && choices.tags.length > 0 ? (
          <CheckboxGroupField
            label={t('filters.tags')}
            value={value.tags}
            options={choices.tags.map((tag) => ({ value: tag, label: tag }))}
            onChange={(tags) => set({ tags })}
          />
        ) : null}
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p aria-live="polite">{t('filters.showing', { shown, total })}</p>
          {isFiltered(view, value) ? (
            <Button variant="secondary" size="sm" onPress={clear}>
              {t('filters.clear')}
            </Button>
          ) : null}
        </div>
      </DisclosurePanel>
    </Disclosure>
  );
}
