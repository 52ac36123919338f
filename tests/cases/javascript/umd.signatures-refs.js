/*!
 * tinyqs v0.4.0 | MIT License
 */
(function (root, factory) { /* … L4-12 */ })(typeof self !== 'undefined' ? self : this, function (exports) {
  'use strict';

  var hasOwn = Object.prototype.hasOwnProperty;

  /**
   * Parse a query string into an object.
   * Repeated keys become arrays.
   */
  function parse(qs, sep) { /* … L21-35 */ }

  function stringify(obj) { /* … L37-43 */ }

  var Parser = (function () {
    function Parser(options) { /* … L46-48 */ }
    Parser.prototype.run = function (qs) { /* … L49-51 */ };
    return Parser;
  })();

  exports.parse = parse;
  exports.stringify = stringify;
  exports.Parser = Parser;
  exports.version = '0.4.0';
});
