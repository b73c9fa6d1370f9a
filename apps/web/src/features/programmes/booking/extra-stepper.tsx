import { extraQuantity, type StepperEvent, stepper } from '@app/domain';
import { Minus, Plus } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';

interface ExtraStepperProps {
  name: string;
  price: string;
  value: number;
  onChange: (value: number) => void;
}

/**
 * An extra's number stepper (doc 2, section 5): 0 to 10; a value below the minimum is refused; Backspace or Delete
 * sets 0; a double-click sets the maximum. The rules are the domain's `stepper`.
 */
export function ExtraStepper({ name, price, value, onChange }: ExtraStepperProps) {
  const { t } = useTranslation('courses');
  const id = useId();
  const send = (event: StepperEvent) => onChange(stepper(value, event, extraQuantity));
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <label htmlFor={id} className="flex flex-col">
        <span className="font-bold">{name}</span>
        <span className="text-sm text-gray-700">{t('booking.extraEach', { price })}</span>
      </label>
      <div className="flex items-center gap-1">
        <Button
          variant="secondary"
          size="sm"
          className="size-11"
          aria-label={t('booking.fewer', { name })}
          isDisabled={value <= extraQuantity.min}
          onPress={() => send({ type: 'decrement' })}
        >
          <Minus aria-hidden="true" className="size-4" />
        </Button>
        <input
          id={id}
          type="text"
          inputMode="numeric"
          role="spinbutton"
          aria-valuemin={extraQuantity.min}
          aria-valuemax={extraQuantity.max}
          aria-valuenow={value}
          value={String(value)}
          onChange={(e) => send({ type: 'input', value: e.target.value })}
          onKeyDown={(e) => {
            if (e.key === 'Backspace' || e.key === 'Delete') {
              e.preventDefault();
              send({ type: 'clear' });
            } else if (e.key === 'ArrowUp') {
              e.preventDefault();
              send({ type: 'increment' });
            } else if (e.key === 'ArrowDown') {
              e.preventDefault();
              send({ type: 'decrement' });
            }
          }}
          onDoubleClick={() => send({ type: 'double_click' })}
          className="min-h-11 w-14 rounded-md border border-gray-500 bg-white text-center text-base"
        />
        <Button
          variant="secondary"
          size="sm"
          className="size-11"
          aria-label={t('booking.more', { name })}
          isDisabled={value >= extraQuantity.max}
          onPress={() => send({ type: 'increment' })}
        >
          <Plus aria-hidden="true" className="size-4" />
        </Button>
      </div>
    </div>
  );
}
