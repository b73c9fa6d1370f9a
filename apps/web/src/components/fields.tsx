import { type ReactNode, useState } from 'react';
import { Checkbox as AriaCheckbox, TextField as AriaTextField, Button, FieldError, Group, Input, Label, Text } from 'react-aria-components';
import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

interface TextFieldProps<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  type?: 'text' | 'email' | 'password' | 'tel';
  autoComplete?: string;
  description?: string;
  inputMode?: 'text' | 'numeric' | 'email';
  placeholder?: string;
  isRequired?: boolean;
  isDisabled?: boolean;
  className?: string;
  /** The input's id, for an error summary's link to it. */
  id?: string;
  /** A password the person may show while they type it (issue 13, defect 12). */
  revealable?: boolean;
}

/** A labelled text input bound to react-hook-form; its error is announced and tied to the input. */
export function TextField<T extends FieldValues>({
  control,
  name,
  label,
  type = 'text',
  autoComplete,
  description,
  inputMode,
  placeholder,
  isRequired,
  isDisabled,
  className = '',
  id,
  revealable = false,
}: TextFieldProps<T>) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  const input = (ref: (el: HTMLInputElement | null) => void) => (
    <Input
      ref={ref}
      placeholder={placeholder}
      className={`min-h-11 rounded-md border border-gray-500 bg-white px-3 py-2 text-base data-[invalid]:border-red-700 ${revealable ? 'grow' : ''}`}
    />
  );
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <AriaTextField
          name={field.name}
          value={(field.value as string | undefined) ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          isInvalid={fieldState.invalid}
          isRequired={isRequired}
          isDisabled={isDisabled}
          validationBehavior="aria"
          type={revealable && shown ? 'text' : type}
          id={id}
          autoComplete={autoComplete}
          inputMode={inputMode}
          className={`flex flex-col gap-1 ${className}`}
        >
          <Label className="font-bold">{label}</Label>
          {revealable ? (
            <Group className="flex gap-2">
              {input(field.ref)}
              <Button
                onPress={() => setShown((v) => !v)}
                className="min-h-11 shrink-0 rounded-md border-2 border-gray-500 bg-white px-3 font-bold data-[focus-visible]:outline-3 data-[focus-visible]:outline-solid data-[focus-visible]:outline-offset-2 data-[focus-visible]:outline-primary-text"
              >
                {shown ? t('hidePassword') : t('showPassword')}
              </Button>
            </Group>
          ) : (
            input(field.ref)
          )}
          {description ? (
            <Text slot="description" className="text-sm text-gray-700">
              {description}
            </Text>
          ) : null}
          <FieldError className="text-sm font-bold text-red-700">{fieldState.error?.message}</FieldError>
        </AriaTextField>
      )}
    />
  );
}

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
