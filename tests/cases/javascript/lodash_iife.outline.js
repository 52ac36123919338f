/** Minidash: a tiny lodash-like utility belt. */
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

  /** A specialized version of `_.map` for arrays. */
  function arrayMap(array, iteratee) { /* … */ }

  /** Checks if `value` is the */
  function isObject(value) { /* … */ }

  var isArray = Array.isArray;

  function identity(value) { /* … */ }

  function minidash(value) { /* … */ }

  function Wrapper(value) { /* … */ }

  Wrapper.prototype.value = function() { /* … */ };

  minidash.map = function(collection, iteratee) { /* … */ };
  minidash.isObject = isObject;
  minidash.isArray = isArray;
  minidash.identity = identity;
  minidash.VERSION = VERSION;

  var freeExports = typeof exports == 'object' && exports && !exports.nodeType && exports;
  var freeModule = freeExports && typeof module == 'object' && module && !module.nodeType && module;

  if (typeof define == 'function' && typeof define.amd == 'object' && define.amd) {
    root._ = minidash;
    define(function() { /* … */ });
  }
  else if (freeModule) {
    (freeModule.exports = minidash)._ = minidash;
    freeExports._ = minidash;
  }
  else {
    root._ = minidash;
  }
}.call(this));
