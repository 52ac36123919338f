/*!
 * tinyqs v0.4.0 | MIT License
 */
(function (root, factory) { /* … */ })(typeof self !== 'undefined' ? self : this, function (exports) {
  'use strict';

  var hasOwn = Object.prototype.hasOwnProperty;

  /** Parse a query string into an object. */
  function parse(qs, sep) { /* … */ }

  function stringify(obj) { /* … */ }

  var Parser = (function () {
    function Parser(options) { /* … */ }
    Parser.prototype.run = function (qs) { /* … */ };
    return Parser;
  })();

  exports.parse = parse;
  exports.stringify = stringify;
  exports.Parser = Parser;
  exports.version = '0.4.0';
});
