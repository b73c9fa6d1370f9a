import type { Client } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Camelize } from '../../../lib/api';
import { tenancyKeys } from '../keys';

export type ClientInfo = Camelize<Client>;

export const getClient = async (): Promise<ClientInfo> => (await api.get<Client>('/api/client')).data;

export const clientQueryOptions = () => queryOptions({ queryKey: tenancyKeys.client(), queryFn: getClient, staleTime: 5 * 60_000 });

export const useClient = () => useQuery(clientQueryOptions());
