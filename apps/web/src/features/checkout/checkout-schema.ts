import { authoriseBody, ourMessages, sandboxCardBody } from '@app/contracts';
import { z } from 'zod';

const billing = authoriseBody.shape;
const card = sandboxCardBody.omit({ session_key: true }).shape;

/**
 * How the rest is paid: a new card (billing and card fields), the saved card (billing only), or nothing left to pay
 * by card because credit covers the basket (no fields).
 */
export type CardMode = 'new' | 'saved' | 'none';

const optionalText = z.string().optional();

/**
 * The checkout form: the provider's card rules and the API's billing limits, from the contracts, with the billing
 * name and address required when a card pays; terms must be agreed when the operator has terms.
 */
export const checkoutFormSchema = (termsRequired: boolean, mode: CardMode, hostedCard = false) => {
  const paysByCard = mode !== 'none';
  // The provider's own fields take the card (decision 112): our form has no card fields to check.
  const ownCardFields = mode === 'new' && !hostedCard;
  return z
    .object({
      billing_first_name: paysByCard ? billing.billing_first_name.unwrap().min(1) : optionalText,
      billing_last_name: paysByCard ? billing.billing_last_name.unwrap().min(1) : optionalText,
      billing_address_1: paysByCard ? billing.billing_address_1.unwrap().min(1) : optionalText,
      billing_address_2: paysByCard ? billing.billing_address_2.unwrap() : optionalText,
      billing_city: paysByCard ? billing.billing_city.unwrap().min(1) : optionalText,
      billing_postcode: paysByCard ? billing.billing_postcode.unwrap().min(1) : optionalText,
      card_holder_name: ownCardFields ? card.card_holder_name : optionalText,
      card_number: ownCardFields ? card.card_number : optionalText,
      expiry: ownCardFields ? card.expiry : optionalText,
      security_code: ownCardFields ? card.security_code : optionalText,
      use_saved_card: z.boolean(),
      save_card: z.boolean(),
      terms: z.boolean(),
    })
    .superRefine((values, ctx) => {
      if (termsRequired && !values.terms) ctx.addIssue({ code: 'custom', path: ['terms'], message: ourMessages.termsRequired });
    });
};

export interface CheckoutValues {
  billing_first_name?: string;
  billing_last_name?: string;
  billing_address_1?: string;
  billing_address_2?: string;
  billing_city?: string;
  billing_postcode?: string;
  card_holder_name?: string;
  card_number?: string;
  expiry?: string;
  security_code?: string;
  use_saved_card: boolean;
  save_card: boolean;
  terms: boolean;
}
