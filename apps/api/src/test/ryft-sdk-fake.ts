/**
 * The subset of Ryft's embedded SDK the checkout uses, for the e2e suite (decisions 112, 202): Ryft.init({ publicKey,
 * clientSecret, accountId }) mounts the card fields into #ryft-pay-form; Ryft.attemptPayment() pays the session (straight
 * to the fake, never to our API) and, when the issuer asks, runs the 3-D Secure step in a dialog of its own before it
 * resolves with the payment session.
 */
export function sdkScript(base: string): string {
  return `(function () {
  var api = ${JSON.stringify(`${base}/v1`)};
  var cfg = null, inputs = null;
  function field(box, id, label, ac) {
    var l = document.createElement('label'); l.htmlFor = id; l.textContent = label; l.style.display = 'block';
    var i = document.createElement('input'); i.id = id; i.autocomplete = ac;
    box.appendChild(l); box.appendChild(i); return i;
  }
  function challenge(session) {
    return new Promise(function (resolve) {
      var dialog = document.createElement('div');
      dialog.setAttribute('role', 'dialog'); dialog.setAttribute('aria-modal', 'true'); dialog.setAttribute('aria-labelledby', 'ryft-3ds-title');
      dialog.style.cssText = 'position:fixed;inset:20% 10%;background:#fff;color:#111;border:2px solid #333;padding:1.5rem;z-index:1000';
      var h = document.createElement('h2'); h.id = 'ryft-3ds-title'; h.textContent = 'Ryft test issuer: 3-D Secure';
      dialog.appendChild(h);
      ['passed', 'failed'].forEach(function (result) {
        var b = document.createElement('button'); b.type = 'button';
        b.textContent = result === 'passed' ? 'Complete authentication' : 'Fail authentication';
        b.style.marginRight = '1rem';
        b.onclick = function () {
          fetch(${JSON.stringify(`${base}/three-ds/`)} + session.id + '?via=sdk', { method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'result=' + result })
            .then(function (r) { return r.json(); })
            .then(function (s) { dialog.remove(); resolve(s); });
        };
        dialog.appendChild(b);
      });
      document.body.appendChild(dialog);
      dialog.querySelector('button').focus();
    });
  }
  window.Ryft = {
    init: function (options) {
      cfg = options;
      // As Ryft's SDK: the fields go into the element with id ryft-pay-form.
      var container = document.getElementById('ryft-pay-form');
      if (!container) throw new Error('Ryft: no element with id ryft-pay-form');
      if (!options.publicKey || !options.clientSecret) throw new Error('Ryft: publicKey and clientSecret are required');
      container.innerHTML = '';
      var box = document.createElement('div'); box.setAttribute('data-provider-fields', 'ryft'); container.appendChild(box);
      inputs = { number: field(box, 'ryft-card-number', 'Card number', 'cc-number'),
        expiry: field(box, 'ryft-expiry', 'Expiry (MM/YY)', 'cc-exp'), cvc: field(box, 'ryft-cvc', 'Security code', 'cc-csc') };
    },
    attemptPayment: function () {
      var exp = inputs.expiry.value.replace(/\\D/g, '');
      var headers = { 'content-type': 'application/json', authorization: cfg.publicKey };
      if (cfg.accountId) headers.account = cfg.accountId;
      return fetch(api + '/payment-sessions/attempt-payment', { method: 'POST',
        headers: headers,
        body: JSON.stringify({ clientSecret: cfg.clientSecret, cardDetails: { number: inputs.number.value.replace(/\\s+/g, ''),
          expiryMonth: exp.slice(0, 2), expiryYear: '20' + exp.slice(-2), cvc: inputs.cvc.value } }) })
        .then(function (r) { return r.json(); })
        .then(function (s) { return s.status === 'PendingAction' ? challenge(s) : s; });
    }
  };
})();
`;
}
