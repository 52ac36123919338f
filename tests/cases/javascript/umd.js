/*!
 * tinyqs v0.4.0 | MIT License
 */
(function (root, factory) {
  if (typeof define === 'function' && define.amd) {
    define(['exports'], factory);
  } else if (typeof exports === 'object' && typeof exports.nodeName !== 'string') {
    factory(exports);
  } else {
    factory((root.tinyqs = {}));
  }
})(typeof self !== 'undefined' ? self : this, function (exports) {
  'use strict';

  var hasOwn = Object.prototype.hasOwnProperty;

  /**
   * Parse a query string into an object.
   * Repeated keys become arrays.
   */
  function parse(qs, sep) {
    var out = {};
    (qs || '').replace(/^\?/, '').split(sep || '&').forEach(function (pair) {
      if (!pair) return;
      var i = pair.indexOf('=');
      var key = decodeURIComponent(i < 0 ? pair : pair.slice(0, i));
      var value = i < 0 ? '' : decodeURIComponent(pair.slice(i + 1));
      if (hasOwn.call(out, key)) {
        out[key] = [].concat(out[key], value);
      } else {
        out[key] = value;
      }
    });
    return out;
  }

  function stringify(obj) {
    return Object.keys(obj)
      .map(function (k) {
        return encodeURIComponent(k) + '=' + encodeURIComponent(obj[k]);
      })
      .join('&');
  }

  var Parser = (function () {
    function Parser(options) {
      this.options = options || {};
    }
    Parser.prototype.run = function (qs) {
      return parse(qs, this.options.sep);
    };
    return Parser;
  })();

  exports.parse = parse;
  exports.stringify = stringify;
  exports.Parser = Parser;
  exports.version = '0.4.0';
});
