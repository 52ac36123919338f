// dayjs 1.11.13 esm/ (MIT), bundled by rollup 4.24.0 --format amd
define((function () { 'use strict';

  var SECONDS_A_MINUTE = 60;
  var SECONDS_A_HOUR = SECONDS_A_MINUTE * 60;
  var SECONDS_A_DAY = SECONDS_A_HOUR * 24;
  var SECONDS_A_WEEK = SECONDS_A_DAY * 7;
  var MILLISECONDS_A_SECOND = 1e3;
  var MILLISECONDS_A_MINUTE = SECONDS_A_MINUTE * MILLISECONDS_A_SECOND;
  var MILLISECONDS_A_HOUR = SECONDS_A_HOUR * MILLISECONDS_A_SECOND;
  var MILLISECONDS_A_DAY = SECONDS_A_DAY * MILLISECONDS_A_SECOND;
  var MILLISECONDS_A_WEEK = SECONDS_A_WEEK * MILLISECONDS_A_SECOND; // English locales

  var MS = 'millisecond';
  var S = 'second';
  var MIN = 'minute';
  var H = 'hour';
  var D = 'day';
  var W = 'week';
  var M = 'month';
  var Q = 'quarter';
  var Y = 'year';
  var DATE = 'date';
  var FORMAT_DEFAULT = 'YYYY-MM-DDTHH:mm:ssZ';
  var INVALID_DATE_STRING = 'Invalid Date'; // regex

  var REGEX_PARSE = /^(\d{4})[-/]?(\d{1,2})?[-/]?(\d{0,2})[Tt\s]*(\d{1,2})?:?(\d{1,2})?:?(\d{1,2})?[.:]?(\d+)?$/;
  var REGEX_FORMAT = /\[([^\]]+)]|Y{1,4}|M{1,4}|D{1,2}|d{1,4}|H{1,2}|h{1,2}|a|A|m{1,2}|s{1,2}|Z{1,2}|SSS/g;

  // English [en]
  // We don't need weekdaysShort, weekdaysMin, monthsShort in en.js locale
  var en = {
    name: 'en',
    weekdays: 'Sunday_Monday_Tuesday_Wednesday_Thursday_Friday_Saturday'.split('_'),
    months: 'January_February_March_April_May_June_July_August_September_October_November_December'.split('_'),
    ordinal: function ordinal(n) { /* … L36-40 */ }
  };

  var padStart = function padStart(string, length, pad) { /* … L43-47 */ };

  var padZoneStr = function padZoneStr(instance) { /* … L49-55 */ };

  var monthDiff = function monthDiff(a, b) { /* … L57-65 */ };

  var absFloor = function absFloor(n) { /* … L67-69 */ };

  var prettyUnit = function prettyUnit(u) { /* … L71-85 */ };

  var isUndefined = function isUndefined(s) { /* … L87-89 */ };

  var U = {
    s: padStart,
    z: padZoneStr,
    m: monthDiff,
    a: absFloor,
    p: prettyUnit,
    u: isUndefined
  };

  var L = 'en'; // global locale

  var Ls = {}; // global loaded locale

  Ls[L] = en;
  var IS_DAYJS = '$isDayjsObject'; // eslint-disable-next-line no-use-before-define

  var isDayjs = function isDayjs(d) { /* … L107-109 */ };

  var parseLocale = function parseLocale(preset, object, isLocal) { /* … L111-140 */ };

  var dayjs = function dayjs(date, c) { /* … L142-153 */ };

  var wrapper = function wrapper(date, instance) { /* … L155-163 */ };

  var Utils = U; // for plugin use

  Utils.l = parseLocale;
  Utils.i = isDayjs;
  Utils.w = wrapper;

  var parseDate = function parseDate(cfg) { /* … L171-196 */ };

  var Dayjs = /*#__PURE__*/function () {
    function Dayjs(cfg) { /* … L199-205 */ }

    var _proto = Dayjs.prototype;

    _proto.parse = function parse(cfg) { /* … L209-212 */ };

    _proto.init = function init() { /* … L214-224 */ } // eslint-disable-next-line class-methods-use-this
    ;

    _proto.$utils = function $utils() { /* … L227-229 */ };

    _proto.isValid = function isValid() { /* … L231-233 */ };

    _proto.isSame = function isSame(that, units) { /* … L235-238 */ };

    _proto.isAfter = function isAfter(that, units) { /* … L240-242 */ };

    _proto.isBefore = function isBefore(that, units) { /* … L244-246 */ };

    _proto.$g = function $g(input, get, set) { /* … L248-251 */ };

    _proto.unix = function unix() { /* … L253-255 */ };

    _proto.valueOf = function valueOf() { /* … L257-260 */ };

    _proto.startOf = function startOf(units, _startOf) { /* … L262-316 */ };

    _proto.endOf = function endOf(arg) { /* … L318-320 */ };

    _proto.$set = function $set(units, _int) { /* … L322-341 */ };

    _proto.set = function set(string, _int2) { /* … L343-345 */ };

    _proto.get = function get(unit) { /* … L347-349 */ };

    _proto.add = function add(number, units) { /* … L351-384 */ };

    _proto.subtract = function subtract(number, string) { /* … L386-388 */ };

    _proto.format = function format(formatStr) { /* … L390-498 */ };

    _proto.utcOffset = function utcOffset() { /* … L500-504 */ };

    _proto.diff = function diff(input, units, _float) { /* … L506-560 */ };

    _proto.daysInMonth = function daysInMonth() { /* … L562-564 */ };

    _proto.$locale = function $locale() { /* … L566-569 */ };

    _proto.locale = function locale(preset, object) { /* … L571-577 */ };

    _proto.clone = function clone() { /* … L579-581 */ };

    _proto.toDate = function toDate() { /* … L583-585 */ };

    _proto.toJSON = function toJSON() { /* … L587-589 */ };

    _proto.toISOString = function toISOString() { /* … L591-596 */ };

    _proto.toString = function toString() { /* … L598-600 */ };

    return Dayjs;
  }();

  var proto = Dayjs.prototype;
  dayjs.prototype = proto;
  [['$ms', MS], ['$s', S], ['$m', MIN], ['$H', H], ['$W', D], ['$M', M], ['$y', Y], ['$D', DATE]].forEach(function (g) { /* … L607-611 */ });

  dayjs.extend = function (plugin, option) { /* … L613-621 */ };

  dayjs.locale = parseLocale;
  dayjs.isDayjs = isDayjs;

  dayjs.unix = function (timestamp) { /* … L626-628 */ };

  dayjs.en = Ls[L];
  dayjs.Ls = Ls;
  dayjs.p = {};

  return dayjs;

}));
