/**
 * The subset of Opayo's Drop-in the checkout uses, for the e2e suite (decision 112): sagepayCheckout({
 * merchantSessionKey, containerSelector, onTokenise }) mounts card fields inside the container, and tokenise() posts
 * them to this fake's card-identifiers with the merchant session key, then calls onTokenise with the card identifier.
 * The fields live in the provider's script, never in the app's form.
 */
export function dropInScript(base: string): string {
  return `(function () {
  var api = ${JSON.stringify(`${base}/api/v1`)};
  function field(container, id, label, autocomplete) {
    var wrap = document.createElement('div');
    wrap.style.marginBottom = '0.5rem';
    var l = document.createElement('label');
    l.htmlFor = id; l.textContent = label; l.style.display = 'block';
    var input = document.createElement('input');
    input.id = id; input.autocomplete = autocomplete; input.inputMode = 'numeric';
    wrap.appendChild(l); wrap.appendChild(input); container.appendChild(wrap);
    return input;
  }
  window.sagepayCheckout = function (options) {
    var container = null, inputs = null;
    return {
      form: function () {
        container = document.querySelector(options.containerSelector);
        container.innerHTML = '';
        var box = document.createElement('div');
        box.setAttribute('data-provider-fields', 'opayo');
        container.appendChild(box);
        inputs = {
          name: field(box, 'opayo-card-holder', 'Name on card', 'cc-name'),
          number: field(box, 'opayo-card-number', 'Card number', 'cc-number'),
          expiry: field(box, 'opayo-expiry', 'Expiry (MMYY)', 'cc-exp'),
          cvc: field(box, 'opayo-security-code', 'Security code', 'cc-csc')
        };
        inputs.name.inputMode = 'text';
      },
      tokenise: function () {
        var body = { cardDetails: {
          cardholderName: inputs.name.value, cardNumber: inputs.number.value.replace(/\\s+/g, ''),
          expiryDate: inputs.expiry.value.replace(/\\D/g, ''), securityCode: inputs.cvc.value } };
        fetch(api + '/card-identifiers', { method: 'POST', headers: { 'content-type': 'application/json',
          authorization: 'Bearer ' + options.merchantSessionKey }, body: JSON.stringify(body) })
          .then(function (r) { return r.json().then(function (j) { return { ok: r.ok, j: j }; }); })
          .then(function (a) {
            options.onTokenise(a.ok ? { success: true, cardIdentifier: a.j.cardIdentifier }
              : { success: false, errors: a.j.errors || [{ message: a.j.description || 'Invalid card details' }] });
          })
          .catch(function () { options.onTokenise({ success: false, errors: [{ message: 'Network error' }] }); });
      },
      destroy: function () { if (container) container.innerHTML = ''; }
    };
  };
})();
`;
}
