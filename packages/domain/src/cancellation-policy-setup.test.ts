import { type CancellationPolicyBody, cancellationCutOffActions, cancellationPolicyOutcomes } from '@app/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cancellationPolicyErrors } from './cancellation-policy-setup';

const policy = (p: Partial<CancellationPolicyBody>): CancellationPolicyBody => ({
  cut_off_minutes: 0,
  cut_off_actions: [],
  fee_amount: 0,
  outcome: 'none',
  ...p,
});

describe('a cancellation policy as an operator writes it', () => {
  it('accepts the demo policies and a policy with no cut-off', () => {
    expect(
      cancellationPolicyErrors(policy({ cut_off_minutes: 1440, cut_off_actions: ['disable_cancelling'], outcome: 'general_credit' })),
    ).toEqual({});
    expect(
      cancellationPolicyErrors(policy({ cut_off_minutes: 720, cut_off_actions: ['charge_fee'], fee_amount: 200, outcome: 'refund' })),
    ).toEqual({});
    expect(cancellationPolicyErrors(policy({ outcome: 'refund' }))).toEqual({});
  });

  it('refuses each part that would never act, naming its field', () => {
    expect(cancellationPolicyErrors(policy({ cut_off_actions: ['disable_booking'] }))).toEqual({
      cut_off_minutes: ['Set how long before the start the cut-off falls, or choose no actions.'],
    });
    expect(cancellationPolicyErrors(policy({ cut_off_minutes: 60 }))).toEqual({
      cut_off_actions: ['Choose what happens to a cancellation inside the cut-off, or set no cut-off.'],
    });
    expect(cancellationPolicyErrors(policy({ cut_off_minutes: 60, cut_off_actions: ['charge_fee'] }))).toEqual({
      fee_amount: ['Set the fee a cancellation inside the cut-off costs.'],
    });
    expect(cancellationPolicyErrors(policy({ cut_off_minutes: 60, cut_off_actions: ['disable_access'], fee_amount: 100 }))).toEqual({
      fee_amount: ['A fee is charged only with the charge_fee action.'],
    });
    expect(cancellationPolicyErrors(policy({ cut_off_minutes: 60, cut_off_actions: ['disable_access', 'disable_access'] }))).toEqual({
      cut_off_actions: ['List each action once.'],
    });
  });

  it('accepts exactly the policies whose every part acts', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(0, 60, 1440),
        fc.array(fc.constantFrom(...cancellationCutOffActions), { maxLength: 4 }),
        fc.constantFrom(0, 200),
        fc.constantFrom(...cancellationPolicyOutcomes),
        (minutes, actions, fee, outcome) => {
          const ok = cancellationPolicyErrors(policy({ cut_off_minutes: minutes, cut_off_actions: actions, fee_amount: fee, outcome }));
          const meaningful =
            new Set(actions).size === actions.length && minutes > 0 === actions.length > 0 && actions.includes('charge_fee') === fee > 0;
          expect(Object.keys(ok).length === 0).toBe(meaningful);
        },
      ),
    );
  });
});
