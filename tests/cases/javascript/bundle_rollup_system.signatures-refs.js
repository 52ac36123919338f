// dayjs 1.11.13 esm/ (MIT), bundled by rollup 4.24.0 --format system
System.register([], (function (exports) {
  'use strict';
  return {
    execute: (function () {

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
        ordinal: function ordinal(n) { /* … L39-43 */ }
      };

      var padStart = function padStart(string, length, pad) { /* … L46-50 */ };

      var padZoneStr = function padZoneStr(instance) { /* … L52-58 */ };

      var monthDiff = function monthDiff(a, b) { /* … L60-68 */ };

      var absFloor = function absFloor(n) { /* … L70-72 */ };

      var prettyUnit = function prettyUnit(u) { /* … L74-88 */ };

      var isUndefined = function isUndefined(s) { /* … L90-92 */ };

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

      var isDayjs = function isDayjs(d) { /* … L110-112 */ };

      var parseLocale = function parseLocale(preset, object, isLocal) { /* … L114-143 */ };

      var dayjs = exports("default", function dayjs(date, c) { /* … L145-156 */ });

      var wrapper = function wrapper(date, instance) { /* … L158-166 */ };

      var Utils = U; // for plugin use

      Utils.l = parseLocale;
      Utils.i = isDayjs;
      Utils.w = wrapper;

      var parseDate = function parseDate(cfg) { /* … L174-199 */ };

      var Dayjs = /*#__PURE__*/function () {
        function Dayjs(cfg) { /* … L202-208 */ }

        var _proto = Dayjs.prototype;

        _proto.parse = function parse(cfg) { /* … L212-215 */ };

        _proto.init = function init() { /* … L217-227 */ } // eslint-disable-next-line class-methods-use-this
        ;

        _proto.$utils = function $utils() { /* … L230-232 */ };

        _proto.isValid = function isValid() { /* … L234-236 */ };

        _proto.isSame = function isSame(that, units) { /* … L238-241 */ };

        _proto.isAfter = function isAfter(that, units) { /* … L243-245 */ };

        _proto.isBefore = function isBefore(that, units) { /* … L247-249 */ };

        _proto.$g = function $g(input, get, set) { /* … L251-254 */ };

        _proto.unix = function unix() { /* … L256-258 */ };

        _proto.valueOf = function valueOf() { /* … L260-263 */ };

        _proto.startOf = function startOf(units, _startOf) { /* … L265-319 */ };

        _proto.endOf = function endOf(arg) { /* … L321-323 */ };

        _proto.$set = function $set(units, _int) { /* … L325-344 */ };

        _proto.set = function set(string, _int2) { /* … L346-348 */ };

        _proto.get = function get(unit) { /* … L350-352 */ };

        _proto.add = function add(number, units) { /* … L354-387 */ };

        _proto.subtract = function subtract(number, string) { /* … L389-391 */ };

        _proto.format = function format(formatStr) { /* … L393-501 */ };

        _proto.utcOffset = function utcOffset() { /* … L503-507 */ };

        _proto.diff = function diff(input, units, _float) { /* … L509-563 */ };

        _proto.daysInMonth = function daysInMonth() { /* … L565-567 */ };

        _proto.$locale = function $locale() { /* … L569-572 */ };

        _proto.locale = function locale(preset, object) { /* … L574-580 */ };

        _proto.clone = function clone() { /* … L582-584 */ };

        _proto.toDate = function toDate() { /* … L586-588 */ };

        _proto.toJSON = function toJSON() { /* … L590-592 */ };

        _proto.toISOString = function toISOString() { /* … L594-599 */ };

        _proto.toString = function toString() { /* … L601-603 */ };

        return Dayjs;
      }();

      var proto = Dayjs.prototype;
      dayjs.prototype = proto;
      [['$ms', MS], ['$s', S], ['$m', MIN], ['$H', H], ['$W', D], ['$M', M], ['$y', Y], ['$D', DATE]].forEach(function (g) { /* … L610-614 */ });

      dayjs.extend = function (plugin, option) { /* … L616-624 */ };

      dayjs.locale = parseLocale;
      dayjs.isDayjs = isDayjs;

      dayjs.unix = function (timestamp) { /* … L629-631 */ };

      dayjs.en = Ls[L];
      dayjs.Ls = Ls;
      dayjs.p = {};

    })
  };
}));
