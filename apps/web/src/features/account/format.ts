import { showDate, showDateTime } from '../../lib/format';

/** A day as the account pages show it, the app's one day form: 'Sun, 22 Nov 2026' (decision 090). */
export const showDay = (value: string | null | undefined): string => showDate(value);

/** A session's local start from its wire text ('YYYY-MM-DD HH:mm:ss'): 'Sun, 22 Nov 2026, 07:00'. */
export const showSessionStart = (text: string): string => showDateTime(text);
