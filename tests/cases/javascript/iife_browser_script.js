/**
 * Cookie banner: a plain browser script (no modules, no bundler).
 * Everything is declared with `var` inside the IIFE and published on `window`.
 */
(function (window, document) {
  'use strict';

  var STORAGE_KEY = 'cookie-consent';

  var defaults = {
    position: 'bottom',
    text: 'We use cookies — nous utilisons des cookies 🍪',
    accept: 'OK',
  };

  var CookieBanner = {
    /** Show the banner unless consent was already given. */
    init: function (options) {
      if (window.localStorage.getItem(STORAGE_KEY)) {
        return;
      }
      this.options = Object.assign({}, defaults, options);
      this.render();
    },

    render: function () {
      var el = document.createElement('div');
      el.className = 'cookie-banner cookie-banner--' + this.options.position;
      el.textContent = this.options.text;
      el.addEventListener('click', this.accept.bind(this));
      document.body.appendChild(el);
      this.el = el;
    },

    accept: function () {
      window.localStorage.setItem(STORAGE_KEY, String(Date.now()));
      this.el.remove();
    },
  };

  var onReady = function (fn) {
    if (document.readyState !== 'loading') {
      fn();
    } else {
      document.addEventListener('DOMContentLoaded', fn);
    }
  };

  window.CookieBanner = CookieBanner;
  onReady(function () {
    CookieBanner.init(window.cookieBannerOptions);
  });
})(window, document);
