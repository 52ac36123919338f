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
  function arrayMap(array, iteratee) {
    var index = -1,
        length = array == null ? 0 : array.length,
        result = Array(length);

    while (++index < length) {
      result[index] = iteratee(array[index], index, array);
    }
    return result;
  }

  /**
   * Checks if `value` is the
   * [language type](http://www.ecma-international.org/ecma-262/7.0/#sec-ecmascript-language-types)
   * of `Object`.
   */
  function isObject(value) {
    var type = typeof value;
    return value != null && (type == 'object' || type == 'function');
  }

  var isArray = Array.isArray;

  function identity(value) {
    return value;
  }

  /*------------------------------------------------------------------------*/

  function minidash(value) {
    return new Wrapper(value);
  }

  function Wrapper(value) {
    this.__wrapped__ = value;
  }

  Wrapper.prototype.value = function() {
    return this.__wrapped__;
  };

  minidash.map = function(collection, iteratee) {
    return arrayMap(collection, iteratee || identity);
  };
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
    define(function() {
      return minidash;
    });
  }
  else if (freeModule) {
    (freeModule.exports = minidash)._ = minidash;
    freeExports._ = minidash;
  }
  else {
    root._ = minidash;
  }
}.call(this));
