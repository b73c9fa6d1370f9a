import { dateFormats, dayjs } from '@app/contracts';

/** A day as the account pages show it: '22-11-2026' (the spec's display format). */
export const showDay = (value: string | null | undefined): string => (value ? dayjs(value.slice(0, 10)).format(dateFormats.display) : '');

/** A session's local start from its wire text ('YYYY-MM-DD HH:mm:ss'): 'Sun, 22 Nov 2026 at 07:00'. */
export const showSessionStart = (text: string): string => {
  const at = dayjs(text);
  return `${at.format(dateFormats.sessionDay)} ${at.format(dateFormats.time24)}`;
};
