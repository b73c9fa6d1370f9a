import type { MembershipPlan } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Camelize } from '../../../lib/api';
import { pricingKeys } from '../keys';

export type Plan = Camelize<MembershipPlan>;

/** GET /api/online-joining/plans: the client's membership plans sold online, cheapest first. */
export const getPlans = async (): Promise<Plan[]> => (await api.get<MembershipPlan[]>('/api/online-joining/plans')).data;

export const plansQueryOptions = (userId: number | null = null) =>
  // The page shows its own failure message, as the basket does, rather than the full-page error.
  queryOptions({ queryKey: pricingKeys.plans(userId), queryFn: getPlans, throwOnError: false });

export const usePlans = (enabled = true, userId: number | null = null) => useQuery({ ...plansQueryOptions(userId), enabled });
