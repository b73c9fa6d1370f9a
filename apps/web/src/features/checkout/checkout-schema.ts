import { authoriseBody, ourMessages, sandboxCardBody } from '@app/contracts';
import { z } from 'zod';

const billing = authoriseBody.shape;

/**
 * The checkout form: the provider's card rules and the API's billing limits, from the contracts, with the
 * billing name and address required; terms must be agreed when the operator has terms.
 */
export const checkoutFormSchema = (termsRequired: boolean) =>
  sandboxCardBody
    .omit({ session_key: true })
    .extend({
      billing_first_name: billing.billing_first_name.unwrap().min(1),
      billing_last_name: billing.billing_last_name.unwrap().min(1),
      billing_address_1: billing.billing_address_1.unwrap().min(1),
      billing_address_2: billing.billing_address_2.unwrap(),
      billing_city: billing.billing_city.unwrap().min(1),
      billing_postcode: billing.billing_postcode.unwrap().min(1),
      terms: z.boolean(),
    })
    .superRefine((values, ctx) => {
      if (termsRequired && !values.terms) ctx.addIssue({ code: 'custom', path: ['terms'], message: ourMessages.termsRequired });
    });

export type CheckoutValues = z.input<ReturnType<typeof checkoutFormSchema>>;
