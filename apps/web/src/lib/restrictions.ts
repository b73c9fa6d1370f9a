import type { restriction } from '@app/contracts';
import { unmetRestrictions } from '@app/domain';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, type Camelize } from './api';

export type RestrictionInfo = Camelize<z.infer<typeof restriction>>;

/** A waiver still to agree before a booking is added, as a session's (or a course's first session's) restrictions list it. */
export interface WaiverToAgree {
  id: number;
  name: string;
  criteria: 'all' | 'any';
}

/** A waiver's terms, fetched by its id (doc 2: "Waiver terms: fetched by waiver id"). */
export const getRestriction = async (id: number): Promise<RestrictionInfo> =>
  (await api.get<z.infer<typeof restriction>>(`/api/v1/activities/restrictions/${id}`)).data;

export const restrictionKeys = { one: (id: number) => ['restrictions', id] as const };

export const useRestriction = (id: number | null) =>
  useQuery({
    queryKey: restrictionKeys.one(id ?? 0),
    queryFn: () => getRestriction(id as number),
    enabled: id !== null,
    staleTime: 60_000,
  });

/**
 * The waivers a booking asks to agree before it is added: every one its session lists (ours: `prePurchaseWaivers`),
 * else doc 2's one `prePurchaseWaiver`; none for a visitor (the API lists them only for a known customer).
 */
export function waiversToAgree(
  restrictions: { prePurchaseWaiver: WaiverToAgree | null; prePurchaseWaivers?: WaiverToAgree[] | undefined } | null | undefined,
): WaiverToAgree[] {
  if (!restrictions) return [];
  if (restrictions.prePurchaseWaivers?.length) return restrictions.prePurchaseWaivers;
  return restrictions.prePurchaseWaiver ? [restrictions.prePurchaseWaiver] : [];
}

/** Whether the ticked waivers are enough: each one with criteria all, and one of those with criteria any (the server's rule). */
export const waiversAgreed = (waivers: WaiverToAgree[], agreed: readonly number[]): boolean =>
  unmetRestrictions(waivers.map((w) => ({ ...w, type: 'pre-purchase-waiver', met: agreed.includes(w.id) }))).length === 0;
