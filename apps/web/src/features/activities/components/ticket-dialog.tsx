import { useState } from 'react';
import { Group, Input, Label, NumberField, Button as StepButton } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { Modal } from '../../../components/modal';
import type { Session } from '../api/get-timetable';

const MAX_TICKETS = 10;

interface TicketDialogProps {
  session: Session | null;
  onClose: () => void;
  onConfirm: (session: Session, tickets: { id: number; quantity: number }[]) => void;
}

/** For ticketed sessions (public swim): how many of each ticket type, 0 to 10 each. Keyed by session, so it starts empty. */
export function TicketDialog({ session, onClose, onConfirm }: TicketDialogProps) {
  const { t } = useTranslation('activities');
  const { t: tc } = useTranslation();
  const [quantities, setQuantities] = useState<Record<number, number>>({});
  const [invalid, setInvalid] = useState(false);

  const confirm = () => {
    if (!session) return;
    const tickets = Object.entries(quantities)
      .map(([id, quantity]) => ({ id: Number(id), quantity }))
      .filter((x) => x.quantity > 0);
    if (tickets.length === 0) {
      setInvalid(true);
      return;
    }
    onConfirm(session, tickets);
  };

  return (
    <Modal title={t('tickets.title')} isOpen={session !== null} onOpenChange={(open) => (open ? null : onClose())} closeLabel={tc('close')}>
      {session ? (
        <div className="flex flex-col gap-4">
          <p className="font-bold">{`${session.templateName}, ${session.startsAt.format24Hour} - ${session.endsAt.format24Hour}`}</p>
          {invalid ? <Alert>{t('tickets.none')}</Alert> : null}
          {session.tickets?.map((ticket) => (
            <NumberField
              key={ticket.id}
              minValue={0}
              maxValue={MAX_TICKETS}
              value={quantities[ticket.id] ?? 0}
              onChange={(value) => setQuantities((q) => ({ ...q, [ticket.id]: Number.isNaN(value) ? 0 : value }))}
              className="flex items-center justify-between gap-4"
            >
              <Label>{t('tickets.quantity', { name: ticket.name, price: ticket.price?.formatted ?? '' })}</Label>
              <Group className="flex items-center gap-1">
                <StepButton slot="decrement" className="size-11 rounded-md border border-gray-500 text-xl font-bold">
                  -
                </StepButton>
                <Input className="h-11 w-14 rounded-md border border-gray-500 text-center" />
                <StepButton slot="increment" className="size-11 rounded-md border border-gray-500 text-xl font-bold">
                  +
                </StepButton>
              </Group>
            </NumberField>
          ))}
          <div className="mt-2 flex flex-wrap justify-end gap-3">
            <Button variant="secondary" onPress={onClose}>
              {t('tickets.cancel')}
            </Button>
            <Button onPress={confirm}>{t('tickets.addToBasket')}</Button>
          </div>
        </div>
      ) : null}
    </Modal>
  );
}
