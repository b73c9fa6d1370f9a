import { Label, Radio, RadioGroup } from 'react-aria-components';

interface LocationPickerProps {
  label: string;
  locations: { id: number; name: string }[];
  value: number | null;
  onChange: (id: number | null) => void;
  /** Offer "any location" first (ticketed times), labelled so. */
  anyLabel?: string;
}

/** Choose the location whose sessions are listed (a court, a pool): a radio group, so arrows move between them. */
export function LocationPicker({ label, locations, value, onChange, anyLabel }: LocationPickerProps) {
  const options = [...(anyLabel ? [{ id: 0, name: anyLabel }] : []), ...locations];
  return (
    <RadioGroup
      value={String(value ?? 0)}
      onChange={(v) => onChange(Number(v) || null)}
      orientation="horizontal"
      className="flex flex-col gap-2"
    >
      <Label className="font-bold">{label}</Label>
      <div className="flex flex-wrap gap-2">
        {options.map((l) => (
          <Radio
            key={l.id}
            value={String(l.id)}
            className="flex min-h-11 cursor-pointer items-center rounded-md border-2 border-gray-500 bg-white px-4 font-bold outline-none data-[focus-visible]:outline-3 data-[focus-visible]:outline-solid data-[focus-visible]:outline-offset-2 data-[focus-visible]:outline-primary-text data-[selected]:border-primary data-[selected]:bg-primary data-[selected]:text-on-primary"
          >
            {l.name}
          </Radio>
        ))}
      </div>
    </RadioGroup>
  );
}
