import { ticketedBooking } from '@app/domain';
import { useState } from 'react';
import { Group, Input, Label, NumberField, Button as StepButton } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { SlideOver } from '../../../components/slide-over';
import { PageSpinner } from '../../../components/spinner';
import { showAmount, showMoney } from '../../../lib/format';
import { useLatestPresent } from '../../../lib/use-latest-present';
import { useUser } from '../../auth';
import { type TicketType, useTicketTypes } from '../api/get-ticket-types';
import type { RowView } from '../rows';
import { type MemberTicket, MemberTickets } from './member-tickets';

/** Doc 2: a number stepper from 0; the same 0-10 bound as extras keeps one order sensible. */
const MAX_TICKETS = 10;

interface TicketPickerProps {
  /** The time to choose tickets for; null closes the panel. */
  session: RowView | null;
  venue: string;
  category: string;
  activity: string;
  isAdding: boolean;
  onClose: () => void;
  onConfirm: (session: RowView, tickets: { id: number; quantity: number; customerReference?: string }[]) => void;
}

function TicketStepper({ type, value, onChange }: { type: TicketType; value: number; onChange: (n: number) => void }) {
  const { t } = useTranslation('activities');
  return (
    <NumberField
      minValue={0}
      maxValue={MAX_TICKETS}
      value={value}
      onChange={(n) => onChange(Number.isNaN(n) ? 0 : n)}
      className="flex items-center justify-between gap-4"
    >
      <Label>{t('tickets.quantity', { name: type.name, price: showMoney(type.price) })}</Label>
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
  );
}

/**
 * The ticket-type picker of a ticketed time, in a small slide-over: how many of each type (from the tickets call),
 * the running total, and Add to basket. Once something is chosen a stray backdrop click does not throw it away.
 */
export function TicketPicker({ session: open, venue, category, activity, isAdding, onClose, onConfirm }: TicketPickerProps) {
  const { t } = useTranslation('activities');
  const session = useLatestPresent(open);
  const types = useTicketTypes(venue, category, activity, session !== null);
  const { isLoggedIn } = useUser();
  type Choice = { id: string | null; quantities: Record<number, number>; members: Record<number, MemberTicket>; invalid: boolean };
  // The choice belongs to one time: opening the picker for another starts again from nothing.
  const [choice, setChoice] = useState<Choice>({ id: null, quantities: {}, members: {}, invalid: false });
  const current: Choice = choice.id === session?.id ? choice : { id: session?.id ?? null, quantities: {}, members: {}, invalid: false };
  const { quantities, members, invalid } = current;
  const plain = Object.entries(quantities)
    .map(([id, quantity]) => ({ id: Number(id), quantity }))
    .filter((c) => c.quantity > 0);
  const named = Object.values(members);
  const chosen = [...plain, ...named.map((m) => ({ id: m.ticketId, quantity: 1, customerReference: m.customerReference }))];
  const currency = types.data?.[0]?.price.currency;
  // The same rule as the server's: a member's ticket at their discount (the server decides it again on the add).
  const total = types.data
    ? ticketedBooking(
        [...plain, ...named.map((m) => ({ id: m.ticketId, quantity: 1, discountPercent: m.discountPercent }))].filter((c) =>
          types.data.some((ty) => ty.id === c.id),
        ),
        types.data.map((ty) => ({ id: ty.id, name: ty.name, price: ty.price.value, attendees: ty.attendees })),
      ).price
    : 0;

  const confirm = () => {
    if (!session) return;
    if (chosen.length === 0) {
      setChoice({ ...current, invalid: true });
      return;
    }
    onConfirm(session, chosen);
  };

  return (
    <SlideOver
      isOpen={open !== null}
      onClose={onClose}
      title={t('tickets.title')}
      closeLabel={t('details.close')}
      size="small"
      closeOnBackdrop={chosen.length === 0}
      footer={
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-lg font-bold">{`${t('tickets.total')}: ${showAmount(total, currency)}`}</p>
          <div className="flex gap-3">
            <Button variant="secondary" onPress={onClose}>
              {t('tickets.cancel')}
            </Button>
            <Button onPress={confirm} isDisabled={isAdding || !types.data}>
              {t('tickets.addToBasket')}
            </Button>
          </div>
        </div>
      }
    >
      {session ? (
        <div className="flex flex-col gap-4">
          <p className="font-bold">{`${session.name}, ${session.day} ${session.timeRange}`}</p>
          {invalid && chosen.length === 0 ? <Alert>{t('tickets.none')}</Alert> : null}
          {types.isPending ? <PageSpinner label={t('tickets.title')} /> : null}
          {types.isError ? <Alert>{t('tickets.failed')}</Alert> : null}
          {types.data?.map((type) => (
            <TicketStepper
              key={type.id}
              type={type}
              value={quantities[type.id] ?? 0}
              onChange={(n) => setChoice({ ...current, quantities: { ...quantities, [type.id]: n } })}
            />
          ))}
          {isLoggedIn && types.data?.length ? (
            <MemberTickets venue={venue} sessionId={session.id} members={members} onChange={(m) => setChoice({ ...current, members: m })} />
          ) : null}
        </div>
      ) : null}
    </SlideOver>
  );
}
