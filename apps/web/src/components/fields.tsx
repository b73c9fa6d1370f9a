import { useState } from 'react';
import { TextField as AriaTextField, Button, FieldError, Group, Input, Label, Text } from 'react-aria-components';
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

// The checkbox has no form library in it: its own module, so a page with a checkbox and no form skips react-hook-form.
export { Checkbox } from './checkbox';
