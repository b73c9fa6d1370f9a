import { type CustomQuestion, characterCount, questionMessages } from '@app/contracts';
import { type FormValue, maxLengthOf } from '@app/domain';
import { ChevronDown } from 'lucide-react';
import { useId } from 'react';
import {
  Checkbox as AriaCheckbox,
  Button,
  CheckboxGroup,
  FieldError,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Radio,
  RadioGroup,
  Select,
  SelectValue,
  Text,
  TextArea,
  TextField,
} from 'react-aria-components';

interface QuestionFieldProps {
  question: CustomQuestion;
  value: FormValue;
  error: string | undefined;
  onChange: (value: FormValue) => void;
  onBlur: () => void;
}

const inputClass =
  'min-h-11 rounded-md border border-gray-500 bg-white px-3 py-2 text-base data-[invalid]:border-red-700 outline-none data-[focus-visible]:outline-3 data-[focus-visible]:outline-solid data-[focus-visible]:outline-offset-2 data-[focus-visible]:outline-primary-text';
const errorClass = 'text-sm font-bold text-red-700';
const boxClass =
  'flex size-6 shrink-0 items-center justify-center border-2 border-gray-600 bg-white group-data-[focus-visible]:outline-3 group-data-[focus-visible]:outline-offset-2 group-data-[focus-visible]:outline-primary-text group-data-[invalid]:border-red-700 group-data-[selected]:border-primary group-data-[selected]:bg-primary';

function Tick() {
  return (
    <svg viewBox="0 0 18 18" className="size-4 fill-none stroke-on-primary stroke-[3]" aria-hidden="true">
      <polyline points="2 9 7 14 16 4" />
    </svg>
  );
}

/** One option as a ticked box (multi_select). */
function BoxOption({ value, label }: { value: string; label: string }) {
  return (
    <AriaCheckbox value={value} className="group inline-flex min-h-11 cursor-pointer items-center gap-2">
      {({ isSelected }) => (
        <>
          <span aria-hidden="true" className={`${boxClass} rounded`}>
            {isSelected ? <Tick /> : null}
          </span>
          <span>{label}</span>
        </>
      )}
    </AriaCheckbox>
  );
}

/** One option of a single choice (radio, and a checkbox with options: one option id is its answer). */
function RadioOption({ value, label }: { value: string; label: string }) {
  return (
    <Radio value={value} className="group inline-flex min-h-11 cursor-pointer items-center gap-2">
      {({ isSelected }) => (
        <>
          <span aria-hidden="true" className={`${boxClass} rounded-full`}>
            {isSelected ? <span className="size-2.5 rounded-full bg-on-primary" /> : null}
          </span>
          <span>{label}</span>
        </>
      )}
    </Radio>
  );
}

const str = (v: FormValue): string => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');

/**
 * One custom question as its type asks (doc 2: text, textarea, number, select, radio, multi_select, checkbox with and
 * without options, date; long_text is a textarea). The error is the domain rule's message, or the server's for the
 * field; it is tied to the control, so it is announced with it.
 */
export function QuestionField({ question: q, value, error, onChange, onBlur }: QuestionFieldProps) {
  const invalid = error !== undefined;
  const label = q.question;
  const countId = useId();
  const fieldError = <FieldError className={errorClass}>{error}</FieldError>;
  const common = { isInvalid: invalid, isRequired: q.required, validationBehavior: 'aria' as const };
  const options = q.options.map((o) => ({ value: String(o.id), label: o.value }));

  switch (q.type) {
    case 'text':
    case 'number':
    case 'date': {
      const max = maxLengthOf(q);
      return (
        <TextField
          {...common}
          value={str(value)}
          onChange={onChange}
          onBlur={onBlur}
          type={q.type === 'date' ? 'date' : 'text'}
          inputMode={q.type === 'number' ? 'decimal' : undefined}
          maxLength={max ?? undefined}
          className="flex flex-col gap-1"
        >
          <Label className="font-bold">{label}</Label>
          <Input className={`${inputClass} ${q.type === 'text' ? '' : 'max-w-56'}`} />
          {fieldError}
        </TextField>
      );
    }
    case 'textarea':
    case 'long_text': {
      const max = maxLengthOf(q) ?? 2000;
      const text = str(value);
      return (
        <TextField {...common} value={text} onChange={onChange} onBlur={onBlur} maxLength={max} className="flex flex-col gap-1">
          <Label className="font-bold">{label}</Label>
          <TextArea rows={4} className={inputClass} aria-describedby={countId} />
          <Text id={countId} slot="description" className="text-sm text-gray-700">
            {characterCount([...text].length, max)}
          </Text>
          {fieldError}
        </TextField>
      );
    }
    case 'select':
      return (
        <Select
          {...common}
          selectedKey={value === undefined || value === null || value === '' ? null : str(value)}
          onSelectionChange={(key) => onChange(key === null ? undefined : String(key))}
          onBlur={onBlur}
          placeholder={questionMessages.selectOption}
          className="flex flex-col gap-1"
        >
          <Label className="font-bold">{label}</Label>
          <Button className="flex min-h-11 max-w-sm items-center justify-between gap-2 rounded-md border border-gray-500 bg-white px-3 text-left outline-none data-[focus-visible]:outline-3 data-[focus-visible]:outline-solid data-[focus-visible]:outline-offset-2 data-[focus-visible]:outline-primary-text">
            <SelectValue className="truncate" />
            <ChevronDown aria-hidden="true" className="size-4 shrink-0" />
          </Button>
          {fieldError}
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
        </Select>
      );
    case 'radio':
    case 'checkbox':
      if (q.type === 'checkbox' && q.options.length === 0) {
        return (
          <div className="flex flex-col gap-1">
            <AriaCheckbox
              {...common}
              aria-describedby={invalid ? countId : undefined}
              isSelected={value === true}
              onChange={(selected) => {
                onChange(selected);
                onBlur();
              }}
              className="group inline-flex min-h-11 cursor-pointer items-center gap-3"
            >
              {({ isSelected }) => (
                <>
                  <span aria-hidden="true" className={`${boxClass} rounded`}>
                    {isSelected ? <Tick /> : null}
                  </span>
                  <span className="font-bold">{label}</span>
                </>
              )}
            </AriaCheckbox>
            {invalid ? (
              <p id={countId} className={errorClass}>
                {error}
              </p>
            ) : null}
          </div>
        );
      }
      return (
        <RadioGroup
          {...common}
          value={value === undefined || value === null || value === '' ? null : str(value)}
          onChange={(v) => {
            onChange(v);
            onBlur();
          }}
          className="flex flex-col gap-1"
        >
          <Label className="font-bold">{label}</Label>
          <div className="flex flex-wrap gap-x-5">
            {options.map((o) => (
              <RadioOption key={o.value} {...o} />
            ))}
          </div>
          {fieldError}
        </RadioGroup>
      );
    case 'multi_select':
      return (
        <CheckboxGroup
          {...common}
          value={Array.isArray(value) ? value.map(String) : []}
          onChange={(v) => {
            onChange(v.map(Number));
            onBlur();
          }}
          className="flex flex-col gap-1"
        >
          <Label className="font-bold">{label}</Label>
          <div className="flex flex-wrap gap-x-5">
            {options.map((o) => (
              <BoxOption key={o.value} {...o} />
            ))}
          </div>
          {fieldError}
        </CheckboxGroup>
      );
    default:
      return <p className={errorClass}>{questionMessages.unsupportedType(q.type)}</p>;
  }
}
