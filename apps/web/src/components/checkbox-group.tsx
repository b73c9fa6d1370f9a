import { CheckboxGroup as AriaCheckboxGroup, Checkbox, Label } from 'react-aria-components';
import type { Option } from './select-field-look';

interface CheckboxGroupFieldProps {
  label: string;
  value: string[];
  options: Option[];
  onChange: (value: string[]) => void;
}

/** A labelled group of checkboxes: any number of the options. */
export function CheckboxGroupField({ label, value, options, onChange }: CheckboxGroupFieldProps) {
  return (
    <AriaCheckboxGroup value={value} onChange={onChange} className="flex flex-col gap-1">
      <Label className="font-bold">{label}</Label>
      <div className="flex flex-wrap gap-x-4">
        {options.map((o) => (
          <Checkbox key={o.value} value={o.value} className="group inline-flex min-h-11 cursor-pointer items-center gap-2">
            {({ isSelected }) => (
              <>
                <span
                  aria-hidden="true"
                  className="flex size-6 shrink-0 items-center justify-center rounded border-2 border-gray-600 bg-white group-data-[focus-visible]:outline-3 group-data-[focus-visible]:outline-offset-2 group-data-[focus-visible]:outline-primary-text group-data-[selected]:border-primary group-data-[selected]:bg-primary"
                >
                  {isSelected ? (
                    <svg viewBox="0 0 18 18" className="size-4 fill-none stroke-on-primary stroke-[3]" aria-hidden="true">
                      <polyline points="2 9 7 14 16 4" />
                    </svg>
                  ) : null}
                </span>
                <span>{o.label}</span>
              </>
            )}
          </Checkbox>
        ))}
      </div>
    </AriaCheckboxGroup>
  );
}
