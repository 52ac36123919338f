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
    init: function (options) { /* … L18-24 */ },

    render: function () { /* … L26-33 */ },

    accept: function () { /* … L35-38 */ },
  };

  var onReady = function (fn) { /* … L41-47 */ };

  window.CookieBanner = CookieBanner;
  onReady(function () { /* … L50-52 */ });
})(window, document);
