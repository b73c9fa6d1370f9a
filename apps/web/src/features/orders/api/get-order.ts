import type { Order } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Camelize } from '../../../lib/api';
import { orderKeys } from '../keys';

export type OrderView = Camelize<Order>;

export const getOrder = async (id: string): Promise<OrderView> => (await api.get<Order>(`/api/orders/${encodeURIComponent(id)}`)).data;

export const orderQueryOptions = (id: string) =>
  queryOptions({ queryKey: orderKeys.detail(id), queryFn: () => getOrder(id), meta: { private: true }, staleTime: 5 * 60_000 });

export const useOrder = (id: string, enabled: boolean) => useQuery({ ...orderQueryOptions(id), enabled });
