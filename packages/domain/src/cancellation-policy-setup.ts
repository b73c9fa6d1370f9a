import { type CancellationPolicyBody, cancellationPolicyMessages as m } from '@app/contracts';

/**
 * The operator's side of a cancellation policy (decision 192): whether a policy as written means something. Each part
 * of it only acts with another: the actions happen inside a cut-off, so a cut-off needs at least one and actions
 * need a cut-off; a fee needs the charge_fee action and charge_fee needs a fee. Anything else the schema already
 * bounds (minutes, amounts, the action and outcome names).
 */
export function cancellationPolicyErrors(p: CancellationPolicyBody): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const add = (field: string, message: string) => {
    errors[field] = [...(errors[field] ?? []), message];
  };
  const actions = p.cut_off_actions;
  if (new Set(actions).size !== actions.length) add('cut_off_actions', m.actionsTwice);
  if (actions.length > 0 && p.cut_off_minutes === 0) add('cut_off_minutes', m.actionsWithoutCutOff);
  if (actions.length === 0 && p.cut_off_minutes > 0) add('cut_off_actions', m.cutOffWithoutActions);
  if (actions.includes('charge_fee') && p.fee_amount === 0) add('fee_amount', m.feeWithoutAmount);
  if (!actions.includes('charge_fee') && p.fee_amount > 0) add('fee_amount', m.amountWithoutFee);
  return errors;
}
