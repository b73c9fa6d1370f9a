import { useEffect, useRef } from 'react';
import { type DeskMode, deskMode } from '../../lib/desk-mode';
import { selectedUser } from '../../lib/selected-user';
import { useStaffMe } from './api';

/**
 * The desk's booking mode while a booking page is shown (decisions 162 and 260): the customers' timetables and
 * course and camp pages fill the customer's basket for `who` (the customer or a linked user), ask for the desk's
 * places and lead to the desk checkout. Leaving the page hands the app back as it was.
 */
export function useDeskBooking(customerId: number, who: number, forName: string | undefined) {
  const me = useStaffMe();
  const staffId = me.data?.id;
  const checkoutPath = `/staff/customers/${customerId}/checkout?for=${who}`;
  const homePath = `/staff/customers/${customerId}`;
  const programmesPath = `/staff/customers/${customerId}/book/${who}`;
  const mode: DeskMode = { customerId, checkoutPath, homePath, forUserId: who, forName, programmesPath };
  const page = useRef({}).current;
  // Primed in render, so the pages' first calls already ask for the desk's places (children's effects run first).
  const now = deskMode.current();
  if (!deskMode.ownedBy(page) || now?.checkoutPath !== checkoutPath || now.forName !== forName) deskMode.prime(mode, page);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `mode` is rebuilt from these on every render
  useEffect(() => {
    deskMode.enter(mode, page);
    return () => deskMode.leave(page);
  }, [customerId, who, forName]);
  useEffect(() => {
    if (staffId !== undefined) selectedUser.set(staffId, who);
  }, [staffId, who]);
  return { checkoutPath, programmesPath };
}
