/* global window, document, fetch, URL, CSSStyleSheet */
/**
 * Local CAPTCHA test provider: installs `window.grecaptcha` with reCAPTCHA v2's explicit
 * rendering API (render, reset, getResponse, ready). `render` puts an "I'm not a robot"
 * checkbox into the container; ticking it asks the server for a token
 * (POST /api/captcha/test-token {sitekey}, crumb in X-CSRF-Token) and hands it to `callback`.
 * The token lapses after the time the server gives; then `expired-callback` runs.
 * Loaded by a page on another origin of the store's site, it calls the store it came from, with the
 * store's cookies and the crumb the store hands over (GET /api/crumb); on another site, with no
 * cookies at all (the cookie-less header, as the widgets' cart-token calls), as a real provider's
 * own frame would not depend on the store's cookies either.
 * `?onload=name` in the script URL calls `window[name]()` once installed, like reCAPTCHA.
 */
(function () {
  'use strict';
  if (window.grecaptcha && window.grecaptcha.testProvider) return;

  var ownScript = document.currentScript;
  var STORE = new URL(ownScript && ownScript.src ? ownScript.src : window.location.href, window.location.href).origin;
  var CROSS_ORIGIN = STORE !== window.location.origin;
  var storeUrl = new URL(STORE);
  // On another site the store's cookies are third-party: the call goes without any, as the widgets' do.
  var CROSS_SITE = storeUrl.hostname !== window.location.hostname || storeUrl.protocol !== window.location.protocol;
  var TOKEN_URL = STORE + '/api/captcha/test-token';
  var STYLE_ID = 'test-captcha-style';
  var CSS =
    '.test-captcha{display:inline-flex;flex-direction:column;gap:.25rem;font:14px/1.4 system-ui,sans-serif;' +
    'color:#1f2328;background:#f6f8fa;border:1px solid #8c959f;border-radius:4px;padding:.5rem .75rem}' +
    '.test-captcha__box{display:inline-flex;align-items:center;gap:.6rem;min-height:44px;padding:.25rem .5rem;' +
    'font:inherit;color:inherit;background:transparent;border:0;border-radius:3px;cursor:pointer}' +
    '.test-captcha__box:focus-visible{outline:3px solid #0b57d0;outline-offset:2px}' +
    '.test-captcha__tick{width:22px;height:22px;flex:none;box-sizing:border-box;border:2px solid #57606a;' +
    'border-radius:2px;background:#fff;display:inline-flex;align-items:center;justify-content:center}' +
    '.test-captcha__box[aria-checked="true"] .test-captcha__tick{border-color:#1a7f37;background:#1a7f37}' +
    '.test-captcha__box[aria-checked="true"] .test-captcha__tick::after{content:"";width:6px;height:11px;' +
    'border:solid #fff;border-width:0 3px 3px 0;transform:translateY(-1px) rotate(45deg)}' +
    '.test-captcha__box[aria-busy="true"]{cursor:progress}' +
    '.test-captcha__status{min-height:1.2em;font-size:12px;color:#57606a}' +
    '.test-captcha__status--error{color:#b3261e}';

  /** @type {Array<{sitekey:string,token:string,busy:boolean,timer:number|undefined,box:HTMLButtonElement,status:HTMLElement,root:HTMLElement,params:any}>} */
  var widgets = [];

  function readCookie(name) {
    var parts = document.cookie ? document.cookie.split(';') : [];
    for (var i = 0; i < parts.length; i++) {
      var part = parts[i];
      var eq = part.indexOf('=');
      if (eq > 0 && part.slice(0, eq).trim() === name) {
        try {
          return decodeURIComponent(part.slice(eq + 1).trim());
        } catch {
          return part.slice(eq + 1).trim();
        }
      }
    }
    return '';
  }

  /** The crumb: the store's cookie, or on another origin the one the store hands over. */
  function crumb() {
    if (CROSS_SITE) return Promise.resolve('');
    if (!CROSS_ORIGIN) return Promise.resolve(readCookie('crumb'));
    return fetch(STORE + '/api/crumb', { credentials: 'include' }).then(function (response) {
      return response.headers.get('X-CSRF-Token') || '';
    });
  }

  var styled = false;

  /** A constructable stylesheet, which a strict Content-Security-Policy allows; a <style> elsewhere. */
  function addStyle() {
    if (styled || document.getElementById(STYLE_ID)) return;
    styled = true;
    if ('adoptedStyleSheets' in document && typeof CSSStyleSheet === 'function') {
      var sheet = new CSSStyleSheet();
      sheet.replaceSync(CSS);
      document.adoptedStyleSheets = document.adoptedStyleSheets.concat([sheet]);
      return;
    }
    var style = document.createElement('style');
    style.id = STYLE_ID;
    style.textContent = CSS;
    document.head.appendChild(style);
  }

  function widgetOf(id) {
    var widget = widgets[id === undefined ? 0 : id];
    if (!widget) throw new Error('No CAPTCHA widget with id ' + id);
    return widget;
  }

  function show(widget, checked, message, isError) {
    widget.box.setAttribute('aria-checked', checked ? 'true' : 'false');
    widget.status.textContent = message;
    widget.status.className = 'test-captcha__status' + (isError ? ' test-captcha__status--error' : '');
  }

  function clear(widget) {
    if (widget.timer !== undefined) window.clearTimeout(widget.timer);
    widget.timer = undefined;
    widget.token = '';
  }

  function call(fn, value) {
    if (typeof fn === 'string') fn = window[fn];
    if (typeof fn === 'function') fn(value);
  }

  function solve(widget) {
    if (widget.busy || widget.token) return;
    widget.busy = true;
    widget.box.setAttribute('aria-busy', 'true');
    show(widget, false, 'Verifying…', false);
    crumb()
      .then(function (token) {
        var headers = CROSS_SITE
          ? { 'Content-Type': 'application/json', 'X-Store-Cart-Token': 'none' }
          : { 'Content-Type': 'application/json', 'X-CSRF-Token': token };
        return fetch(TOKEN_URL, {
          method: 'POST',
          credentials: CROSS_SITE ? 'omit' : CROSS_ORIGIN ? 'include' : 'same-origin',
          headers: headers,
          body: JSON.stringify({ sitekey: widget.sitekey }),
        });
      })
      .then(function (response) {
        if (!response.ok) throw new Error('HTTP ' + response.status);
        return response.json();
      })
      .then(function (data) {
        if (!data || typeof data.token !== 'string') throw new Error('no token');
        widget.token = data.token;
        show(widget, true, 'Verified.', false);
        var seconds = typeof data.expiresIn === 'number' ? data.expiresIn : 120;
        widget.timer = window.setTimeout(function () {
          clear(widget);
          show(widget, false, 'Verification expired. Check the box again.', true);
          call(widget.params['expired-callback']);
        }, seconds * 1000);
        call(widget.params.callback, data.token);
      })
      .catch(function () {
        show(widget, false, 'Verification failed. Please try again.', true);
      })
      .then(function () {
        widget.busy = false;
        widget.box.removeAttribute('aria-busy');
      });
  }

  function render(container, params) {
    var root = typeof container === 'string' ? document.getElementById(container) : container;
    if (!root || !root.appendChild) throw new Error('The CAPTCHA container does not exist');
    params = params || {};
    if (!params.sitekey) throw new Error('Missing required parameters: sitekey');
    addStyle();
    var id = widgets.length;
    var frame = document.createElement('div');
    frame.className = 'test-captcha';
    var box = document.createElement('button');
    box.type = 'button';
    box.className = 'test-captcha__box';
    box.setAttribute('role', 'checkbox');
    box.setAttribute('aria-checked', 'false');
    if (params.tabindex !== undefined) box.tabIndex = Number(params.tabindex);
    var tick = document.createElement('span');
    tick.className = 'test-captcha__tick';
    tick.setAttribute('aria-hidden', 'true');
    var label = document.createElement('span');
    label.textContent = "I'm not a robot";
    box.appendChild(tick);
    box.appendChild(label);
    var status = document.createElement('span');
    status.className = 'test-captcha__status';
    status.setAttribute('role', 'status');
    frame.appendChild(box);
    frame.appendChild(status);
    root.appendChild(frame);
    var widget = {
      sitekey: String(params.sitekey),
      token: '',
      busy: false,
      timer: undefined,
      box: box,
      status: status,
      root: frame,
      params: params,
    };
    widgets.push(widget);
    // A <button> already answers Enter and Space with a click.
    box.addEventListener('click', function () {
      solve(widget);
    });
    return id;
  }

  function reset(id) {
    var widget = widgetOf(id);
    clear(widget);
    show(widget, false, '', false);
  }

  function getResponse(id) {
    return widgetOf(id).token;
  }

  function ready(fn) {
    Promise.resolve().then(fn);
  }

  window.grecaptcha = {
    testProvider: true,
    render: render,
    reset: reset,
    getResponse: getResponse,
    ready: ready,
  };

  var script = ownScript;
  var onload = script && script.src ? new URL(script.src, window.location.href).searchParams.get('onload') : null;
  if (onload)
    ready(function () {
      call(onload);
    });
})();
