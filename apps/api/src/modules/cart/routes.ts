import { cart, cartAddBody, cartQuery, cartRemoveBody, cartRemoveQuery, envelope, toastMessages } from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authed } from '../../http/context';
import { addItems, getCart, removeItems } from './service';

const response = { 200: envelope(cart) };

/** The basket under the checkout base path, as document 1 lists its calls. */
export const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/checkout/cart', { schema: { tags: ['cart'], querystring: cartQuery, response } }, async (req) => ({
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

  app.delete('/checkout/cart', { schema: { tags: ['cart'], querystring: cartQuery, response } }, async (req) => ({
    data: await removeItems(authed(req), { selectedUserId: req.query.selected_user_id, source: req.query.source }, 'all'),
    message: toastMessages.orderCleared,
  }));
};
