import { type DetailsUpdateBody, detailsUpdateBody } from '@app/contracts';
import { z } from 'zod';
import { i18n } from '../../lib/i18n';
import type { AccountDetails } from './api/get-details';

const shape = detailsUpdateBody.shape;
/** An optional text: '' stands for "not given" and is sent as null; anything else must pass the contract's rule. */
const optionalText = (rule: z.ZodType, message?: string) =>
  z.string().refine((v) => v.trim() === '' || rule.safeParse(v).success, message ? { message } : undefined);

/** The My details form: the contract's rules (so the form and the API agree), with text inputs for every field. */
export const detailsFormSchema = z.object({
  title: optionalText(shape.title.unwrap().unwrap()),
  first_name: shape.first_name.unwrap(),
  last_name: shape.last_name.unwrap(),
  phone: optionalText(shape.phone.unwrap().unwrap(), i18n.t('account:details.invalidPhone')),
  date_of_birth: optionalText(shape.date_of_birth.unwrap().unwrap(), i18n.t('account:details.invalidDate')),
  address: z.object({
    line1: optionalText(z.string().max(255)),
    line2: optionalText(z.string().max(255)),
    town: optionalText(z.string().max(255)),
    postcode: optionalText(z.string().max(10)),
  }),
  marketing_email: z.boolean(),
  marketing_sms: z.boolean(),
  marketing_phone: z.boolean(),
  marketing_post: z.boolean(),
});
export type DetailsFormValues = z.infer<typeof detailsFormSchema>;

export const detailsFormValues = (d: AccountDetails): DetailsFormValues => ({
  title: d.title ?? '',
  first_name: d.firstName,
  last_name: d.lastName,
  phone: d.phone ?? '',
  date_of_birth: d.dateOfBirth?.slice(0, 10) ?? '',
  address: {
    line1: d.address?.line1 ?? '',
    line2: d.address?.line2 ?? '',
    town: d.address?.town ?? '',
    postcode: d.address?.postcode ?? '',
  },
  marketing_email: d.marketingEmail,
  marketing_sms: d.marketingSms,
  marketing_phone: d.marketingPhone,
  marketing_post: d.marketingPost,
});

const orNull = (v: string) => (v.trim() === '' ? null : v.trim());

export const detailsBody = (v: DetailsFormValues): DetailsUpdateBody => {
  const address = {
    line1: orNull(v.address.line1),
    line2: orNull(v.address.line2),
    town: orNull(v.address.town),
    postcode: orNull(v.address.postcode),
  };
  return {
    title: orNull(v.title),
    first_name: v.first_name.trim(),
    last_name: v.last_name.trim(),
    phone: orNull(v.phone),
    date_of_birth: orNull(v.date_of_birth),
    address: Object.values(address).every((x) => x === null) ? null : address,
    marketing_email: v.marketing_email,
    marketing_sms: v.marketing_sms,
    marketing_phone: v.marketing_phone,
    marketing_post: v.marketing_post,
  };
};
