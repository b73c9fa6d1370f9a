import { useTranslation } from 'react-i18next';
import { i18n } from '../../lib/i18n';
import { staff as base } from '../../locales/en-GB/staff';
import { staffDesk } from '../../locales/en-GB/staff-desk';
import { staffDeskRegister } from '../../locales/en-GB/staff-desk-register';

/** The console's words: the front desk's, the till and desk-sale ones (decision 162) and the register and desk-cancel ones (decision 165), each in its own file. */
const staff = { ...base, ...staffDesk, ...staffDeskRegister };

/*
 * The staff strings join i18next when the staff area's code loads, not in the shell's resources, so a customer's
 * first download does not carry them (decision 131).
 */
if (!i18n.hasResourceBundle('en-GB', 'staff')) i18n.addResourceBundle('en-GB', 'staff', staff);

type Base<K> = K extends `${infer B}_${'zero' | 'one' | 'other'}` ? B : K;
export type StaffKey = Base<keyof typeof staff>;

/** The staff namespace's t, typed by its keys (the shell's typed resources do not include it). */
export function useStaffT() {
  const { t } = useTranslation();
  return (key: StaffKey, options?: Record<string, unknown>): string =>
    (t as unknown as (k: string, o?: Record<string, unknown>) => string)(`staff:${key}`, options);
}
