import { ChevronDown } from 'lucide-react';
import { Select as AriaSelect, Button, Label, ListBox, ListBoxItem, Popover, SelectValue } from 'react-aria-components';
import { type SelectFieldProps, selectTriggerClass } from './select-field-look';

export type { Option, SelectFieldProps } from './select-field-look';

/** A labelled single choice from a short list (React Aria's select: a button that opens a listbox). */
export function SelectField<V extends string>({ label, value, options, onChange, className = '', defaultOpen }: SelectFieldProps<V>) {
  return (
    <AriaSelect
      selectedKey={value}
      defaultOpen={defaultOpen}
      onSelectionChange={(key) => {
        if (key !== null) onChange(String(key) as V);
      }}
      className={`flex flex-col gap-1 ${className}`}
    >
      <Label className="font-bold">{label}</Label>
      <Button className={selectTriggerClass}>
        <SelectValue className="truncate" />
        <ChevronDown aria-hidden="true" className="size-4 shrink-0" />
      </Button>
      <Popover className="min-w-(--trigger-width) overflow-auto rounded-md border border-gray-300 bg-white shadow-lg">
        <ListBox className="max-h-72 p-1 outline-none">
          {options.map((o) => (
            <ListBoxItem
              key={o.value}
              id={o.value}
              textValue={o.label}
              className="cursor-pointer rounded px-3 py-2 outline-none data-[focused]:bg-primary-50 data-[selected]:font-bold"
            >
              {o.label}
            </ListBoxItem>
          ))}
        </ListBox>
      </Popover>
    </AriaSelect>
  );
}
