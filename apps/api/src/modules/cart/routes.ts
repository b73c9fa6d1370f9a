import {
  cart,
  cartAddBody,
  cartItemParams,
  cartItemScopeQuery,
  cartQuery,
  cartRemoveBody,
  cartRemoveQuery,
  cartUpdateBody,
  envelope,
  toastMessages,
  userCartAddBody,
  userCartItemParams,
  userCartParams,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authed } from '../../http/context';
import { fastResponse } from '../../http/fast-serializer';
import { actingUserId } from '../auth/acting-for';
import { addItems, addItemsFor, getCart, removeBenefit, removeItems, removeItemsFor, updateItem } from './service';

const response = { 200: envelope(cart) };
/** The basket as it is read (the hot call): written by fast-json-stringify (decision 117). */
const readResponse = { 200: fastResponse(envelope(cart)) };

/** The basket under the checkout base path, as document 1 lists its calls. */
export const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/checkout/cart', { schema: { tags: ['cart'], querystring: cartQuery, response: readResponse } }, async (req) => ({
    data: await getCart(authed(req), { selectedUserId: req.query.selected_user_id, source: req.query.source }),
  }));

  app.post('/checkout/cart/add', { schema: { tags: ['cart'], body: cartAddBody, response } }, async (req) => ({
    data: await addItems(authed(req), req.body),
    message: toastMessages.cartAdded,
  }));

  app.post(
    '/checkout/cart/remove',
    { schema: { tags: ['cart'], querystring: cartRemoveQuery, body: cartRemoveBody, response } },
    async (req) => ({
      data: await removeItems(
        authed(req),
        { selectedUserId: req.query.selected_user_id, source: req.query.source },
        req.body.cart_item_ids,
      ),
      message: toastMessages.cartRemoved,
    }),
  );

  app.put(
    '/checkout/cart/:cartItemId',
    { schema: { tags: ['cart'], params: cartItemParams, body: cartUpdateBody, response } },
    async (req) => ({
      data: await updateItem(authed(req), req.params.cartItemId, req.body),
      message: toastMessages.cartUpdated,
    }),
  );

  app.delete('/checkout/cart', { schema: { tags: ['cart'], querystring: cartQuery, response } }, async (req) => ({
    data: await removeItems(authed(req), { selectedUserId: req.query.selected_user_id, source: req.query.source }, 'all'),
    message: toastMessages.orderCleared,
  }));

  // Benefit and package removal (document 1, section 7).
  for (const [kind, removed] of [
    ['benefit', toastMessages.benefitRemoved],
    ['package', toastMessages.packageRemoved],
  ] as const) {
    app.delete(
      `/activities/${kind}/remove/:cartItemId`,
      { schema: { tags: ['cart'], params: cartItemParams, querystring: cartItemScopeQuery, response } },
      async (req) => ({
        data: await removeBenefit(authed(req), kind, req.params.cartItemId, {
          selectedUserId: req.query.selected_user_id,
          source: req.query.source,
        }),
        message: removed,
      }),
    );
  }

  // The per-user basket calls of document 2 (section 7): the path names whose basket and which source.
  app.post(
    '/v1/users/:userId/carts/:source/items',
    { schema: { tags: ['cart'], params: userCartParams, body: userCartAddBody, response } },
    async (req) => {
      const c = authed(req);
      const userId = await actingUserId(c, req.params.userId);
      return {
        data: await addItemsFor(c, userId, req.body.data.items, req.params.source, req.params.userId),
        message: toastMessages.cartAdded,
      };
    },
  );
  app.delete(
    '/v1/users/:userId/carts/:source/items/:cartItemId',
    { schema: { tags: ['cart'], params: userCartItemParams, response } },
    async (req) => {
      const c = authed(req);
      const userId = await actingUserId(c, req.params.userId);
      return {
        data: await removeItemsFor(c, userId, req.params.source, [req.params.cartItemId], req.params.userId),
        message: toastMessages.cartRemoved,
      };
    },
  );
};
