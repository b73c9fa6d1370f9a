import type { LinkedUser } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Camelize } from '../../../lib/api';
import { accountKeys } from '../keys';
import { privateMeta } from './account-request';

export type AccountLinkedUser = Camelize<LinkedUser>;

/** GET /api/my-account/linked-users: links from either side, with relationship and status. */
export const getLinkedUsers = async (): Promise<AccountLinkedUser[]> => (await api.get<LinkedUser[]>('/api/my-account/linked-users')).data;

export const linkedUsersQueryOptions = () =>
  queryOptions({ queryKey: accountKeys.linkedUsers(), queryFn: getLinkedUsers, meta: privateMeta });

export const useLinkedUsers = (enabled = true) => useQuery({ ...linkedUsersQueryOptions(), enabled });

/** Whom the customer may act for: the other side of an accepted link they own. */
export const actableUsers = (links: AccountLinkedUser[] | undefined) =>
  (links ?? []).filter((l) => l.status === 'successful' && l.direction === 'owner').map((l) => l.referencedUser);
