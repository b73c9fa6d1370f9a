import type { ReactNode } from 'react';
import { Checkbox as AriaCheckbox } from 'react-aria-components';

interface CheckboxProps {
  isSelected: boolean;
  onChange: (selected: boolean) => void;
  children: ReactNode;
  isInvalid?: boolean;
  isDisabled?: boolean;
}

/** A checkbox with its label as its accessible name. */
export function Checkbox({ isSelected, onChange, children, isInvalid, isDisabled }: CheckboxProps) {
  return (
    <AriaCheckbox
      isSelected={isSelected}
      onChange={onChange}
      isInvalid={isInvalid}
      isDisabled={isDisabled}
      className="group inline-flex min-h-11 cursor-pointer items-center gap-3"
    >
      {({ isSelected: selected }) => (
        <>
          <span
            aria-hidden="true"
            className="flex size-6 shrink-0 items-center justify-center rounded border-2 border-gray-600 bg-white group-data-[focus-visible]:outline group-data-[focus-visible]:outline-3 group-data-[focus-visible]:outline-offset-2 group-data-[focus-visible]:outline-primary-text group-data-[invalid]:border-red-700 group-data-[selected]:border-primary group-data-[selected]:bg-primary"
          >
            {selected ? (
              <svg viewBox="0 0 18 18" className="size-4 fill-none stroke-on-primary stroke-[3]" aria-hidden="true">
                <polyline points="2 9 7 14 16 4" />
              </svg>
            ) : null}
          </span>
          <span>{children}</span>
        </>
      )}
    </AriaCheckbox>
  );
}
