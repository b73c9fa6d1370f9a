import { ChevronDown } from 'lucide-react';
import { Select as AriaSelect, Button, Label, ListBox, ListBoxItem, Popover, SelectValue } from 'react-aria-components';

export interface Option<V extends string = string> {
  value: V;
  label: string;
}

interface SelectFieldProps<V extends string> {
  label: string;
  value: V;
  options: Option<V>[];
  onChange: (value: V) => void;
  className?: string;
}

/** A labelled single choice from a short list (React Aria's select: a button that opens a listbox). */
export function SelectField<V extends string>({ label, value, options, onChange, className = '' }: SelectFieldProps<V>) {
  return (
    <AriaSelect
      selectedKey={value}
      onSelectionChange={(key) => {
        if (key !== null) onChange(String(key) as V);
      }}
      className={`flex flex-col gap-1 ${className}`}
    >
      <Label className="font-bold">{label}</Label>
      <Button className="flex min-h-11 items-center justify-between gap-2 rounded-md border border-gray-500 bg-white px-3 text-left outline-none data-[focus-visible]:outline-3 data-[focus-visible]:outline-solid data-[focus-visible]:outline-offset-2 data-[focus-visible]:outline-primary-text">
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
