/**
 * Minidash: a tiny lodash-like utility belt.
 * <https://example.com/minidash>
 */
;(function() {

  /** Used as a safe reference for `undefined` in pre-ES5 environments. */
  var undefined;

  /** Used as the semantic version number. */
  var VERSION = '0.9.1';

  /** Used to stand-in for `undefined` hash values. */
  var HASH_UNDEFINED = '__minidash_hash_undefined__';

  /** Detect free variable `global` from Node.js. */
  var freeGlobal = typeof global == 'object' && global && global.Object === Object && global;

  /** Used as a reference to the global object. */
  var root = freeGlobal || Function('return this')();

  /*--------------------------------------------------------------------------*/

  /**
   * A specialized version of `_.map` for arrays.
   *
   * @private
   * @param {Array} [array] The array to iterate over.
   * @param {Function} iteratee The function invoked per iteration.
   * @returns {Array} Returns the new mapped array.
   */
  function arrayMap(array, iteratee) { /* … L32-41 */ }

  /**
   * Checks if `value` is the
   * [language type](http://www.ecma-international.org/ecma-262/7.0/#sec-ecmascript-language-types)
   * of `Object`.
   */
  function isObject(value) { /* … L48-51 */ }

  var isArray = Array.isArray;

  function identity(value) { /* … L55-57 */ }

  /*------------------------------------------------------------------------*/

  function minidash(value) { /* … L61-63 */ }

  function Wrapper(value) { /* … L65-67 */ }

  Wrapper.prototype.value = function() { /* … L69-71 */ };

  minidash.map = function(collection, iteratee) { /* … L73-75 */ };
  minidash.isObject = isObject;
  minidash.isArray = isArray;
  minidash.identity = identity;
  minidash.VERSION = VERSION;

  /*--------------------------------------------------------------------------*/

  // Export for AMD, CommonJS and browser globals.
  var freeExports = typeof exports == 'object' && exports && !exports.nodeType && exports;
  var freeModule = freeExports && typeof module == 'object' && module && !module.nodeType && module;

  if (typeof define == 'function' && typeof define.amd == 'object' && define.amd) {
    root._ = minidash;
    define(function() { /* … L89-91 */ });
  }
  else if (freeModule) {
    (freeModule.exports = minidash)._ = minidash;
    freeExports._ = minidash;
  }
  else {
    root._ = minidash;
  }
}.call(this));
