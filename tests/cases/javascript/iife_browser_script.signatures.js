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
    init: function (options) { /* … */ },

    render: function () { /* … */ },

    accept: function () { /* … */ },
  };

  var onReady = function (fn) { /* … */ };

  window.CookieBanner = CookieBanner;
  onReady(function () { /* … */ });
})(window, document);
