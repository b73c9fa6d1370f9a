import type { Client } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Camelize } from '../../../lib/api';
import { setShownZone } from '../../../lib/shown-zone';
import { tenancyKeys } from '../keys';

export type ClientInfo = Camelize<Client>;

export const getClient = async (): Promise<ClientInfo> => {
  const client = (await api.get<Client>('/api/client')).data;
  // Dates and times are shown on the client's wall clock, not the browser's (issue 13, defect 8).
  setShownZone(client.timezone);
  return client;
};

export const clientQueryOptions = () => queryOptions({ queryKey: tenancyKeys.client(), queryFn: getClient, staleTime: 5 * 60_000 });

export const useClient = () => useQuery(clientQueryOptions());
