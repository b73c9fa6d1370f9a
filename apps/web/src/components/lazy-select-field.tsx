import { ChevronDown } from 'lucide-react';
import { type ComponentType, lazy, useId } from 'react';
import { LoadOnUse } from './load-on-use';
import { type SelectFieldProps, selectTriggerClass } from './select-field-look';

const load = () => import('./select-field');
// lazy() loses the select's type parameter; the props are the same.
const SelectField = lazy(() => load().then((m) => ({ default: m.SelectField as ComponentType<SelectFieldProps<string>> })));

/**
 * The select (select-field.tsx) without React Aria's select on the page's first download (issue 12, decision 294:
 * about 27 KB gzip). Until it is wanted the same field paints, its button showing the chosen option and named as the
 * select's; pressing it (or an arrow key on it) opens the list as soon as the code has come.
 */
export function LazySelectField<V extends string>(props: Omit<SelectFieldProps<V>, 'defaultOpen'>) {
  const labelId = useId();
  const valueId = useId();
  const chosen = props.options.find((o) => o.value === props.value)?.label ?? '';
  return (
    <LoadOnUse
      preload={load}
      placeholder={(trigger, open) => (
        <div className={`flex flex-col gap-1 ${props.className ?? ''}`}>
          <span id={labelId} className="font-bold">
            {props.label}
          </span>
          <button
            type="button"
            aria-labelledby={`${valueId} ${labelId}`}
            aria-haspopup="listbox"
            aria-expanded="false"
            className={selectTriggerClass}
            {...trigger}
            onKeyDown={(e) => {
              if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
                e.preventDefault();
                open();
              }
            }}
          >
            <span id={valueId} className="truncate">
              {chosen}
            </span>
            <ChevronDown aria-hidden="true" className="size-4 shrink-0" />
          </button>
        </div>
      )}
    >
      {(open) => <SelectField {...(props as unknown as SelectFieldProps<string>)} defaultOpen={open} />}
    </LoadOnUse>
  );
}
