import { toastMessages } from '@app/contracts';
import type { AnswerValue } from '@app/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { deskCustomerParam } from '../../../lib/desk-mode';
import { notifySuccess } from '../../../lib/notify';
import { basketKeys } from '../keys';
import type { CartView } from './get-cart';

export interface LineAnswers {
  cartId: number;
  cartItemId: number;
  answers: { customQuestionId: number; answer: AnswerValue }[];
}

/**
 * POST activities/cart/{cartId}/questions (doc 1): a line's answers, each naming the line, so the same session booked
 * for two people keeps each person's answers apart (the occurrence and activity calls answer every line holding the
 * session or the category: docs/decisions/186). Answers the basket back.
 */
export const answerLine = async ({ cartId, cartItemId, answers }: LineAnswers) =>
  (
    await api.post<CartView>(`/api/activities/cart/${cartId}/questions`, {
      answers: answers.map((a) => ({ cartItemId, ...a })),
      ...deskCustomerParam(),
    })
  ).data;

/** Saves a line's answers; the basket is replaced by the answer ('Successfully updated item in the basket.'). */
export function useAnswerLine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...basketKeys.all, 'answers'],
    mutationFn: answerLine,
    // A refusal goes onto the fields; the form shows it.
    meta: { toastErrors: false },
    onSuccess: (cart) => {
      queryClient.setQueryData(basketKeys.cart(), cart);
      notifySuccess(toastMessages.cartUpdated);
    },
  });
}
