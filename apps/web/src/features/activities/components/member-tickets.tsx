import { useId, useState } from 'react';
import { Input, Label, Radio, RadioGroup, TextField } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { messageOf } from '../../../lib/api';
import { showMoney } from '../../../lib/format';
import { type CustomerTicketPrice, useTicketPrice } from '../api/ticket-price';

/** A ticket for a named customer (doc 1: selected tickets carry id and customerReference), at their price. */
export interface MemberTicket {
  customerId: number;
  customerReference: string;
  name: string;
  discountPercent: number;
  /** The chosen ticket type. */
  ticketId: number;
  prices: CustomerTicketPrice['tickets'];
}

interface MemberTicketsProps {
  venue: string;
  sessionId: string;
  /** Keyed by customerId (doc 1: "Ticket discount keyed by customerId"): one ticket per customer. */
  members: Record<number, MemberTicket>;
  onChange: (members: Record<number, MemberTicket>) => void;
}

/**
 * Member prices in the ticket picker (decision 151): a customer reference (the customer's own, or a person linked to
 * them; staff any) is looked up with the price call, and that person's ticket is then chosen at their discounted
 * price. A reference the server will not price shows the server's message (doc 1: a 400 shows the server error).
 */
export function MemberTickets({ venue, sessionId, members, onChange }: MemberTicketsProps) {
  const { t } = useTranslation('activities');
  const headingId = useId();
  const [reference, setReference] = useState('');
  const price = useTicketPrice();

  const apply = () => {
    const ref = reference.trim();
    if (ref === '') return;
    price.mutate(
      { venue, sessionId, reference: ref },
      {
        onSuccess: (found) => {
          const first = found.tickets[0];
          if (!first) return;
          onChange({
            ...members,
            [found.customerId]: {
              customerId: found.customerId,
              customerReference: found.customerReference,
              name: `${found.firstName} ${found.lastName}`,
              discountPercent: found.discountPercent,
              ticketId: members[found.customerId]?.ticketId ?? first.id,
              prices: found.tickets,
            },
          });
          setReference('');
        },
      },
    );
  };

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3 border-t border-gray-300 pt-4">
      <h3 id={headingId} className="font-bold">
        {t('tickets.members.title')}
      </h3>
      <p className="text-sm text-gray-700">{t('tickets.members.intro')}</p>
      <div className="flex flex-wrap items-end gap-2">
        <TextField value={reference} onChange={setReference} className="flex flex-col gap-1">
          <Label className="font-bold">{t('tickets.members.reference')}</Label>
          <Input
            className="min-h-11 rounded-md border border-gray-500 bg-white px-3 py-2 text-base"
            onKeyDown={(e) => {
              if (e.key === 'Enter') apply();
            }}
          />
        </TextField>
        <Button variant="secondary" onPress={apply} isDisabled={price.isPending || reference.trim() === ''}>
          {t('tickets.members.apply')}
        </Button>
      </div>
      {price.isError ? <Alert>{messageOf(price.error)}</Alert> : null}
      {Object.values(members).map((m) => (
        <div key={m.customerId} className="flex flex-col gap-2 rounded-md border border-gray-300 p-3">
          <RadioGroup
            value={String(m.ticketId)}
            onChange={(v) => onChange({ ...members, [m.customerId]: { ...m, ticketId: Number(v) } })}
            className="flex flex-col gap-2"
          >
            <Label className="font-bold">
              {m.discountPercent > 0
                ? t('tickets.members.ticketForDiscount', { name: m.name, percent: m.discountPercent })
                : t('tickets.members.ticketFor', { name: m.name })}
            </Label>
            {m.prices.map((p) => (
              <Radio
                key={p.id}
                value={String(p.id)}
                className="flex min-h-11 cursor-pointer items-center gap-2 rounded-md border-2 border-gray-500 bg-white px-3 outline-none data-[focus-visible]:outline-3 data-[focus-visible]:outline-solid data-[focus-visible]:outline-offset-2 data-[focus-visible]:outline-primary-text data-[selected]:border-primary"
              >
                {p.discountApplied
                  ? t('tickets.members.priceWas', { name: p.name, price: showMoney(p.discountedPrice), full: showMoney(p.price) })
                  : t('tickets.quantity', { name: p.name, price: showMoney(p.price) })}
              </Radio>
            ))}
          </RadioGroup>
          <Button
            variant="link"
            className="self-start"
            onPress={() => onChange(Object.fromEntries(Object.entries(members).filter(([id]) => Number(id) !== m.customerId)))}
          >
            {t('tickets.members.remove', { name: m.name })}
          </Button>
        </div>
      ))}
    </section>
  );
}
