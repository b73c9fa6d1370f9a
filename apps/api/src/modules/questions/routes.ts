import {
  cart,
  cartQuestionsBody,
  cartQuestionsParams,
  envelope,
  intId,
  ownedQuestionSection,
  questionAnswersBody,
  questionSectionCreateBody,
  questionSectionsQuery,
  toastMessages,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authed } from '../../http/context';
import { anyStaffRole, staffWith } from '../staff/guard';
import { createQuestionSection, deleteQuestionSection, listQuestionSections } from './admin';
import { answerActivityQuestions, answerCartQuestions, answerOccurrenceQuestions } from './service';

const tags = ['questions'];
const response = { 200: envelope(cart) };

/**
 * The answer calls of doc 1, under the activities base. Each answers the basket back (the lines keep the answers);
 * a refused answer is a 422 keyed `...custom_question_answers.<question id>`.
 */
export const questionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/activities/cart/:cartId/questions',
    { schema: { tags, params: cartQuestionsParams, body: cartQuestionsBody, response } },
    async (req) => ({ data: await answerCartQuestions(authed(req), req.params.cartId, req.body), message: toastMessages.cartUpdated }),
  );
  // activities/{activityId}: a numeric id is an activity (category); doc 1 sends a non-numeric (session) id to the
  // occurrences call instead, and one sent here anyway is taken as that.
  app.post(
    '/activities/:activityId/questions/answers',
    { schema: { tags, params: z.object({ activityId: z.string().min(1).max(64) }), body: questionAnswersBody, response } },
    async (req) => {
      const c = authed(req);
      const id = req.params.activityId;
      const data = /^\d{1,9}$/.test(id)
        ? await answerActivityQuestions(c, Number(id), req.body)
        : await answerOccurrenceQuestions(c, id, req.body);
      return { data, message: toastMessages.cartUpdated };
    },
  );
  app.post(
    '/activities/occurrences/:occurrenceId/questions/answers',
    { schema: { tags, params: z.object({ occurrenceId: z.string().min(1).max(64) }), body: questionAnswersBody, response } },
    async (req) => ({
      data: await answerOccurrenceQuestions(authed(req), req.params.occurrenceId, req.body),
      message: toastMessages.cartUpdated,
    }),
  );

  // Staff setup (decision 150): the spec lists no calls for it, so these are ours, beside doc 2's other staff calls
  // under the v1 activities base. Every one is the staff member's client only.
  app.get(
    '/v1/activities/question-sections',
    { schema: { tags, querystring: questionSectionsQuery, response: { 200: envelope(z.array(ownedQuestionSection)) } } },
    async (req) => ({ data: await listQuestionSections(await staffWith(req, anyStaffRole), req.query) }),
  );
  app.post(
    '/v1/activities/question-sections',
    { schema: { tags, body: questionSectionCreateBody, response: { 201: envelope(ownedQuestionSection) } } },
    async (req, reply) => reply.status(201).send({ data: await createQuestionSection(await staffWith(req, anyStaffRole), req.body) }),
  );
  app.delete(
    '/v1/activities/question-sections/:id',
    { schema: { tags, params: z.object({ id: intId }), response: { 200: envelope(z.null()) } } },
    async (req) => {
      await deleteQuestionSection(await staffWith(req, anyStaffRole), req.params.id);
      return { data: null };
    },
  );
};
