import { api } from '../../../lib/api';

/** The account calls read the caller's account, or a linked user's through selected_user_id. */
export type Who = number | 'me';

export const whoParams = (who: Who) => (who === 'me' ? {} : { selectedUserId: who });

/** GET a My account list with its list meta. */
export async function getAccountList<T>(path: string, who: Who, params: Record<string, string | number> = {}) {
  const res = await api.get<T[]>(`/api/my-account/${path}`, { params: { ...whoParams(who), ...params } });
  return { items: res.data, meta: res.meta };
}

/** Account answers are personal: logging out removes them from the cache (app/refetch-rules, auth/logout). */
export const privateMeta = { private: true } as const;
