/**
 * Minidash (lodash layout): every public function lives inside
 * `runInContext`, itself inside the file-wide IIFE.
 */
;(function() {

  /** Used as the semantic version number. */
  var VERSION = '4.17.21';

  /** Used as references for various `Number` constants. */
  var INFINITY = 1 / 0,
      MAX_SAFE_INTEGER = 9007199254740991;

  /** Detect free variable `global` from Node.js. */
  var freeGlobal = typeof global == 'object' && global && global.Object === Object && global;

  var root = freeGlobal || Function('return this')();

  /**
   * Create a pristine `lodash` function using the `context` object.
   *
   * @param {Object} [context=root] The context object.
   * @returns {Function} Returns a new `lodash` function.
   */
  var runInContext = (function runInContext(context) {
    context = context == null ? root : context;

    /**
     * Creates a `lodash` object which wraps `value`.
     */
    function lodash(value) { /* … */ }

    function LodashWrapper(value) { /* … */ }

    /** Checks if `value` is classified as an `Array` object. */
    function isArray(value) { /* … */ }

    function chunk(array, size) { /* … */ }

    lodash.isArray = isArray;
    lodash.chunk = chunk;
    lodash.VERSION = VERSION;
    return lodash;
  });

  /*--------------------------------------------------------------------------*/

  // Export lodash.
  var _ = runInContext();

  if (typeof define == 'function' && typeof define.amd == 'object' && define.amd) {
    root._ = _;
    define(function() { /* … */ });
  } else {
    root._ = _;
  }
}.call(this));
