import { useOutletContext } from 'react-router';
import type { Who } from './api/account-request';

export interface AccountContext {
  /** Whose account the pages show: 'me' or the selected linked user's id. */
  who: Who;
  /** The name of whose account it is, for headings. */
  whoName: string;
  guestPassesEnabled: boolean;
}

export const useAccount = () => useOutletContext<AccountContext>();
