import type { TicketPrice } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { api, type Camelize } from '../../../lib/api';

export type CustomerTicketPrice = Camelize<TicketPrice>;

/**
 * Doc 1: POST /price/{venue}/ticket/{activityId} with reference, is_v2 (true when the id is non-numeric) and
 * occurrence_id: each ticket's price for the customer that reference names ("Ticket discount keyed by customerId").
 * A 400 carries the server's message, which the picker shows (doc 1, section 8); so no toast as well.
 */
export const getTicketPrice = async (venue: string, sessionId: string, reference: string) =>
  (
    await api.post<CustomerTicketPrice>(`/api/activities/price/${encodeURIComponent(venue)}/ticket/${encodeURIComponent(sessionId)}`, {
      reference,
      isV2: !/^\d+$/.test(sessionId),
      occurrenceId: sessionId,
    })
  ).data;

export const useTicketPrice = () =>
  useMutation({
    mutationFn: ({ venue, sessionId, reference }: { venue: string; sessionId: string; reference: string }) =>
      getTicketPrice(venue, sessionId, reference),
    meta: { toastErrors: false },
  });
