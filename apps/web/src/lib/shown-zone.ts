/**
 * The client's time zone, in which an instant is shown (a session late in the evening, a payment at 23:30 in summer):
 * never the browser's, which on a traveller's phone or a server in UTC would show another day or hour. Set once the
 * client is known (`getClient`, the boot state); London until then, the demo clients' zone. Its own module, free of
 * dayjs, so the app's first download can set it without carrying the date library (lib/format reads it).
 */
let shownZone = 'Europe/London';

export const setShownZone = (timezone: string): void => {
  shownZone = timezone;
};

export const getShownZone = (): string => shownZone;
