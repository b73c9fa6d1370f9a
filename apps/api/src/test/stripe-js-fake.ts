/**
 * The subset of Stripe.js the checkout uses, for the e2e suite (decision 112): Stripe(publishableKey), elements({ mode,
 * amount, currency, paymentMethodCreation }), elements.create('payment').mount(el), elements.submit(),
 * stripe.createPaymentMethod({ elements }) (the card goes to this fake, never to our API) and
 * stripe.handleNextAction({ clientSecret }), which reads the PaymentIntent and, as Stripe.js does, runs its 3-D Secure
 * step in the page (a dialog of its own) or leaves for the issuer's page (redirect_to_url, or use_stripe_sdk's
 * three_d_secure_redirect), which sends the browser back to the return_url.
 */
export function stripeJsScript(base: string): string {
  return `(function () {
  var base = ${JSON.stringify(base)};
  function post(key, path, fields) {
    return fetch(base + path, { method: 'POST', headers: { authorization: 'Bearer ' + key,
      'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString() })
      .then(function (r) { return r.json(); });
  }
  function field(box, id, label, ac) {
    var l = document.createElement('label'); l.htmlFor = id; l.textContent = label; l.style.display = 'block';
    var i = document.createElement('input'); i.id = id; i.autocomplete = ac;
    box.appendChild(l); box.appendChild(i); return i;
  }
  window.Stripe = function (key) {
    var inputs = null;
    return {
      elements: function () {
        return {
          create: function () {
            return { mount: function (target) {
              var el = typeof target === 'string' ? document.querySelector(target) : target;
              el.innerHTML = '';
              var box = document.createElement('div'); box.setAttribute('data-provider-fields', 'stripe'); el.appendChild(box);
              inputs = { number: field(box, 'stripe-card-number', 'Card number', 'cc-number'),
                expiry: field(box, 'stripe-expiry', 'Expiry (MM / YY)', 'cc-exp'), cvc: field(box, 'stripe-cvc', 'Security code', 'cc-csc') };
            }, unmount: function () {} };
          },
          submit: function () { return Promise.resolve(inputs && inputs.number.value ? {} : { error: { message: 'Your card number is incomplete.' } }); }
        };
      },
      createPaymentMethod: function () {
        return post(key, '/v1/payment_methods', { type: 'card', 'card[number]': inputs.number.value })
          .then(function (pm) { return pm.id ? { paymentMethod: pm } : { error: { message: 'Your card was declined.' } }; });
      },
      handleNextAction: function (options) {
        var id = options.clientSecret.split('_secret_')[0];
        return fetch(base + '/v1/payment_intents/' + id + '?client_secret=' + encodeURIComponent(options.clientSecret),
          { headers: { authorization: 'Bearer ' + key } })
          .then(function (r) { return r.json(); })
          .then(function (pi) {
            if (pi.status !== 'requires_action') return { error: { message: 'This PaymentIntent does not need an action.' } };
            var next = pi.next_action || {};
            // A step by redirect: the browser leaves for the issuer and comes back to the return_url; this promise
            // never settles (the page is gone), as with Stripe.js.
            var away = next.type === 'redirect_to_url' ? next.redirect_to_url.url
              : next.use_stripe_sdk && next.use_stripe_sdk.type === 'three_d_secure_redirect' ? next.use_stripe_sdk.stripe_js : null;
            if (away) { window.location.assign(away); return new Promise(function () {}); }
            return inPage(id);
          });
      }
    };
    function inPage(id) {
        return new Promise(function (resolve) {
          var dialog = document.createElement('div');
          dialog.setAttribute('role', 'dialog'); dialog.setAttribute('aria-modal', 'true'); dialog.setAttribute('aria-labelledby', 'stripe-3ds-title');
          dialog.style.cssText = 'position:fixed;inset:20% 10%;background:#fff;color:#111;border:2px solid #333;padding:1.5rem;z-index:1000';
          var h = document.createElement('h2'); h.id = 'stripe-3ds-title'; h.textContent = 'Stripe test issuer: 3-D Secure'; dialog.appendChild(h);
          ['passed', 'failed'].forEach(function (result) {
            var b = document.createElement('button'); b.type = 'button'; b.style.marginRight = '1rem';
            b.textContent = result === 'passed' ? 'Complete authentication' : 'Fail authentication';
            b.onclick = function () {
              post(key, '/v1/payment_intents/' + id + '/fake_challenge', { result: result }).then(function (pi) {
                dialog.remove(); resolve({ paymentIntent: pi });
              });
            };
            dialog.appendChild(b);
          });
          document.body.appendChild(dialog);
          dialog.querySelector('button').focus();
        });
    }
  };
})();
`;
}
