(function (global, factory) {
  typeof exports === 'object' && typeof module !== 'undefined' ? module.exports = factory() :
  typeof define === 'function' && define.amd ? define('underscore', factory) :
  (global = typeof globalThis !== 'undefined' ? globalThis : global || self, (function () {
    var current = global._;
    var exports = global._ = factory();
    exports.noConflict = function () { /* … */ };
  }()));
}(this, (function () {

  var VERSION = '1.13.7';

  var root = (typeof self == 'object' && self.self === self && self) ||
            (typeof global == 'object' && global.global === global && global) ||
            Function('return this')() ||
            {};

  var ArrayProto = Array.prototype, ObjProto = Object.prototype;
  var SymbolProto = typeof Symbol !== 'undefined' ? Symbol.prototype : null;

  var push = ArrayProto.push,
      slice = ArrayProto.slice,
      toString = ObjProto.toString,
      hasOwnProperty = ObjProto.hasOwnProperty;

  var supportsArrayBuffer = typeof ArrayBuffer !== 'undefined',
      supportsDataView = typeof DataView !== 'undefined';

  var nativeIsArray = Array.isArray,
      nativeKeys = Object.keys,
      nativeCreate = Object.create,
      nativeIsView = supportsArrayBuffer && ArrayBuffer.isView;

  var _isNaN = isNaN,
      _isFinite = isFinite;

  var hasEnumBug = !{toString: null}.propertyIsEnumerable('toString');
  var nonEnumerableProps = ['valueOf', 'isPrototypeOf', 'toString',
    'propertyIsEnumerable', 'hasOwnProperty', 'toLocaleString'];

  var MAX_ARRAY_INDEX = Math.pow(2, 53) - 1;

  function restArguments(func, startIndex) { /* … */ }

  function isObject(obj) { /* … */ }

  function isNull(obj) { /* … */ }

  function isUndefined(obj) { /* … */ }

  function isBoolean(obj) { /* … */ }

  function isElement(obj) { /* … */ }

  function tagTester(name) { /* … */ }

  var isString = tagTester('String');

  var isNumber = tagTester('Number');

  var isDate = tagTester('Date');

  var isRegExp = tagTester('RegExp');

  var isError = tagTester('Error');

  var isSymbol = tagTester('Symbol');

  var isArrayBuffer = tagTester('ArrayBuffer');

  var isFunction = tagTester('Function');

  var nodelist = root.document && root.document.childNodes;
  if (typeof /./ != 'function' && typeof Int8Array != 'object' && typeof nodelist != 'function') {
    isFunction = function(obj) { /* … */ };
  }

  var isFunction$1 = isFunction;

  var hasObjectTag = tagTester('Object');

  var hasDataViewBug = (
        supportsDataView && (!/\[native code\]/.test(String(DataView)) || hasObjectTag(new DataView(new ArrayBuffer(8))))
      ),
      isIE11 = (typeof Map !== 'undefined' && hasObjectTag(new Map));

  var isDataView = tagTester('DataView');

  function alternateIsDataView(obj) { /* … */ }

  var isDataView$1 = (hasDataViewBug ? alternateIsDataView : isDataView);

  var isArray = nativeIsArray || tagTester('Array');

  function has$1(obj, key) { /* … */ }

  var isArguments = tagTester('Arguments');

  (function() { /* … */ }());

  var isArguments$1 = isArguments;

  function isFinite$1(obj) { /* … */ }

  function isNaN$1(obj) { /* … */ }

  function constant(value) { /* … */ }

  function createSizePropertyCheck(getSizeProperty) { /* … */ }

  function shallowProperty(key) { /* … */ }

  var getByteLength = shallowProperty('byteLength');

  var isBufferLike = createSizePropertyCheck(getByteLength);

  var typedArrayPattern = /\[object ((I|Ui)nt(8|16|32)|Float(32|64)|Uint8Clamped|Big(I|Ui)nt64)Array\]/;
  function isTypedArray(obj) { /* … */ }

  var isTypedArray$1 = supportsArrayBuffer ? isTypedArray : constant(false);

  var getLength = shallowProperty('length');

  function emulatedSet(keys) { /* … */ }

  function collectNonEnumProps(obj, keys) { /* … */ }

  function keys(obj) { /* … */ }

  function isEmpty(obj) { /* … */ }

  function isMatch(object, attrs) { /* … */ }

  function _$1(obj) { /* … */ }

  _$1.VERSION = VERSION;

  _$1.prototype.value = function() { /* … */ };

  _$1.prototype.valueOf = _$1.prototype.toJSON = _$1.prototype.value;

  _$1.prototype.toString = function() { /* … */ };

  function toBufferView(bufferSource) { /* … */ }

  var tagDataView = '[object DataView]';

  function eq(a, b, aStack, bStack) { /* … */ }

  function deepEq(a, b, aStack, bStack) { /* … */ }

  function isEqual(a, b) { /* … */ }

  function allKeys(obj) { /* … */ }

  function ie11fingerprint(methods) { /* … */ }

  var forEachName = 'forEach',
      hasName = 'has',
      commonInit = ['clear', 'delete'],
      mapTail = ['get', hasName, 'set'];

  var mapMethods = commonInit.concat(forEachName, mapTail),
      weakMapMethods = commonInit.concat(mapTail),
      setMethods = ['add'].concat(commonInit, forEachName, hasName);

  var isMap = isIE11 ? ie11fingerprint(mapMethods) : tagTester('Map');

  var isWeakMap = isIE11 ? ie11fingerprint(weakMapMethods) : tagTester('WeakMap');

  var isSet = isIE11 ? ie11fingerprint(setMethods) : tagTester('Set');

  var isWeakSet = tagTester('WeakSet');

  function values(obj) { /* … */ }

  function pairs(obj) { /* … */ }

  function invert(obj) { /* … */ }

  function functions(obj) { /* … */ }

  function createAssigner(keysFunc, defaults) { /* … */ }

  var extend = createAssigner(allKeys);

  var extendOwn = createAssigner(keys);

  var defaults = createAssigner(allKeys, true);

  function ctor() { /* … */ }

  function baseCreate(prototype) { /* … */ }

  function create(prototype, props) { /* … */ }

  function clone(obj) { /* … */ }

  function tap(obj, interceptor) { /* … */ }

  function toPath$1(path) { /* … */ }
  _$1.toPath = toPath$1;

  function toPath(path) { /* … */ }

  function deepGet(obj, path) { /* … */ }

  function get(object, path, defaultValue) { /* … */ }

  function has(obj, path) { /* … */ }

  function identity(value) { /* … */ }

  function matcher(attrs) { /* … */ }

  function property(path) { /* … */ }

  function optimizeCb(func, context, argCount) { /* … */ }

  function baseIteratee(value, context, argCount) { /* … */ }

  function iteratee(value, context) { /* … */ }
  _$1.iteratee = iteratee;

  function cb(value, context, argCount) { /* … */ }

  function mapObject(obj, iteratee, context) { /* … */ }

  function noop(){}

  function propertyOf(obj) { /* … */ }

  function times(n, iteratee, context) { /* … */ }

  function random(min, max) { /* … */ }

  var now = Date.now || function() { /* … */ };

  function createEscaper(map) { /* … */ }

  var escapeMap = {
    '&': '&amp;',
    '<': '&lt;',
    '>': '&gt;',
    '"': '&quot;',
    "'": '&#x27;',
    '`': '&#x60;'
  };

  var _escape = createEscaper(escapeMap);

  var unescapeMap = invert(escapeMap);

  var _unescape = createEscaper(unescapeMap);

  var templateSettings = _$1.templateSettings = {
    evaluate: /<%([\s\S]+?)%>/g,
    interpolate: /<%=([\s\S]+?)%>/g,
    escape: /<%-([\s\S]+?)%>/g
  };

  var noMatch = /(.)^/;

  var escapes = {
    "'": "'",
    '\\': '\\',
    '\r': 'r',
    '\n': 'n',
    '\u2028': 'u2028',
    '\u2029': 'u2029'
  };

  var escapeRegExp = /\\|'|\r|\n|\u2028|\u2029/g;

  function escapeChar(match) { /* … */ }

  var bareIdentifier = /^\s*(\w|\$)+\s*$/;

  function template(text, settings, oldSettings) { /* … */ }

  function result(obj, path, fallback) { /* … */ }

  var idCounter = 0;
  function uniqueId(prefix) { /* … */ }

  function chain(obj) { /* … */ }

  function executeBound(sourceFunc, boundFunc, context, callingContext, args) { /* … */ }

  var partial = restArguments(function(func, boundArgs) { /* … */ });

  partial.placeholder = _$1;

  var bind = restArguments(function(func, context, args) { /* … */ });

  var isArrayLike = createSizePropertyCheck(getLength);

  function flatten$1(input, depth, strict, output) { /* … */ }

  var bindAll = restArguments(function(obj, keys) { /* … */ });

  function memoize(func, hasher) { /* … */ }

  var delay = restArguments(function(func, wait, args) { /* … */ });

  var defer = partial(delay, _$1, 1);

  function throttle(func, wait, options) { /* … */ }

  function debounce(func, wait, immediate) { /* … */ }

  function wrap(func, wrapper) { /* … */ }

  function negate(predicate) { /* … */ }

  function compose() { /* … */ }

  function after(times, func) { /* … */ }

  function before(times, func) { /* … */ }

  var once = partial(before, 2);

  function findKey(obj, predicate, context) { /* … */ }

  function createPredicateIndexFinder(dir) { /* … */ }

  var findIndex = createPredicateIndexFinder(1);

  var findLastIndex = createPredicateIndexFinder(-1);

  function sortedIndex(array, obj, iteratee, context) { /* … */ }

  function createIndexFinder(dir, predicateFind, sortedIndex) { /* … */ }

  var indexOf = createIndexFinder(1, findIndex, sortedIndex);

  var lastIndexOf = createIndexFinder(-1, findLastIndex);

  function find(obj, predicate, context) { /* … */ }

  function findWhere(obj, attrs) { /* … */ }

  function each(obj, iteratee, context) { /* … */ }

  function map(obj, iteratee, context) { /* … */ }

  function createReduce(dir) { /* … */ }

  var reduce = createReduce(1);

  var reduceRight = createReduce(-1);

  function filter(obj, predicate, context) { /* … */ }

  function reject(obj, predicate, context) { /* … */ }

  function every(obj, predicate, context) { /* … */ }

  function some(obj, predicate, context) { /* … */ }

  function contains(obj, item, fromIndex, guard) { /* … */ }

  var invoke = restArguments(function(obj, path, args) { /* … */ });

  function pluck(obj, key) { /* … */ }

  function where(obj, attrs) { /* … */ }

  function max(obj, iteratee, context) { /* … */ }

  function min(obj, iteratee, context) { /* … */ }

  var reStrSymbol = /[^\ud800-\udfff]|[\ud800-\udbff][\udc00-\udfff]|[\ud800-\udfff]/g;
  function toArray(obj) { /* … */ }

  function sample(obj, n, guard) { /* … */ }

  function shuffle(obj) { /* … */ }

  function sortBy(obj, iteratee, context) { /* … */ }

  function group(behavior, partition) { /* … */ }

  var groupBy = group(function(result, value, key) { /* … */ });

  var indexBy = group(function(result, value, key) { /* … */ });

  var countBy = group(function(result, value, key) { /* … */ });

  var partition = group(function(result, value, pass) { /* … */ }, true);

  function size(obj) { /* … */ }

  function keyInObj(value, key, obj) { /* … */ }

  var pick = restArguments(function(obj, keys) { /* … */ });

  var omit = restArguments(function(obj, keys) { /* … */ });

  function initial(array, n, guard) { /* … */ }

  function first(array, n, guard) { /* … */ }

  function rest(array, n, guard) { /* … */ }

  function last(array, n, guard) { /* … */ }

  function compact(array) { /* … */ }

  function flatten(array, depth) { /* … */ }

  var difference = restArguments(function(array, rest) { /* … */ });

  var without = restArguments(function(array, otherArrays) { /* … */ });

  function uniq(array, isSorted, iteratee, context) { /* … */ }

  var union = restArguments(function(arrays) { /* … */ });

  function intersection(array) { /* … */ }

  function unzip(array) { /* … */ }

  var zip = restArguments(unzip);

  function object(list, values) { /* … */ }

  function range(start, stop, step) { /* … */ }

  function chunk(array, count) { /* … */ }

  function chainResult(instance, obj) { /* … */ }

  function mixin(obj) { /* … */ }

  each(['pop', 'push', 'reverse', 'shift', 'sort', 'splice', 'unshift'], function(name) { /* … */ });

  each(['concat', 'join', 'slice'], function(name) { /* … */ });

  var allExports = {
    __proto__: null,
    VERSION: VERSION,
    restArguments: restArguments,
    isObject: isObject,
    isNull: isNull,
    isUndefined: isUndefined,
    isBoolean: isBoolean,
    isElement: isElement,
    isString: isString,
    isNumber: isNumber,
    isDate: isDate,
    isRegExp: isRegExp,
    isError: isError,
    isSymbol: isSymbol,
    isArrayBuffer: isArrayBuffer,
    isDataView: isDataView$1,
    isArray: isArray,
    isFunction: isFunction$1,
    isArguments: isArguments$1,
    isFinite: isFinite$1,
    isNaN: isNaN$1,
    isTypedArray: isTypedArray$1,
    isEmpty: isEmpty,
    isMatch: isMatch,
    isEqual: isEqual,
    isMap: isMap,
    isWeakMap: isWeakMap,
    isSet: isSet,
    isWeakSet: isWeakSet,
    keys: keys,
    allKeys: allKeys,
    values: values,
    pairs: pairs,
    invert: invert,
    functions: functions,
    methods: functions,
    extend: extend,
    extendOwn: extendOwn,
    assign: extendOwn,
    defaults: defaults,
    create: create,
    clone: clone,
    tap: tap,
    get: get,
    has: has,
    mapObject: mapObject,
    identity: identity,
    constant: constant,
    noop: noop,
    toPath: toPath$1,
    property: property,
    propertyOf: propertyOf,
    matcher: matcher,
    matches: matcher,
    times: times,
    random: random,
    now: now,
    escape: _escape,
    unescape: _unescape,
    templateSettings: templateSettings,
    template: template,
    result: result,
    uniqueId: uniqueId,
    chain: chain,
    iteratee: iteratee,
    partial: partial,
    bind: bind,
    bindAll: bindAll,
    memoize: memoize,
    delay: delay,
    defer: defer,
    throttle: throttle,
    debounce: debounce,
    wrap: wrap,
    negate: negate,
    compose: compose,
    after: after,
    before: before,
    once: once,
    findKey: findKey,
    findIndex: findIndex,
    findLastIndex: findLastIndex,
    sortedIndex: sortedIndex,
    indexOf: indexOf,
    lastIndexOf: lastIndexOf,
    find: find,
    detect: find,
    findWhere: findWhere,
    each: each,
    forEach: each,
    map: map,
    collect: map,
    reduce: reduce,
    foldl: reduce,
    inject: reduce,
    reduceRight: reduceRight,
    foldr: reduceRight,
    filter: filter,
    select: filter,
    reject: reject,
    every: every,
    all: every,
    some: some,
    any: some,
    contains: contains,
    includes: contains,
    include: contains,
    invoke: invoke,
    pluck: pluck,
    where: where,
    max: max,
    min: min,
    shuffle: shuffle,
    sample: sample,
    sortBy: sortBy,
    groupBy: groupBy,
    indexBy: indexBy,
    countBy: countBy,
    partition: partition,
    toArray: toArray,
    size: size,
    pick: pick,
    omit: omit,
    first: first,
    head: first,
    take: first,
    initial: initial,
    last: last,
    rest: rest,
    tail: rest,
    drop: rest,
    compact: compact,
    flatten: flatten,
    without: without,
    uniq: uniq,
    unique: uniq,
    union: union,
    intersection: intersection,
    difference: difference,
    unzip: unzip,
    transpose: unzip,
    zip: zip,
    object: object,
    range: range,
    chunk: chunk,
    mixin: mixin,
    'default': _$1
  };

  var _ = mixin(allExports);
  _._ = _;

  return _;

})));
