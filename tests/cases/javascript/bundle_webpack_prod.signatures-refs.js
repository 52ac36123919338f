// dayjs 1.11.13 esm/ (MIT), bundled by webpack 5.95.0 --mode production, not minimized
/******/ (() => { // webpackBootstrap
/******/ 	"use strict";

// UNUSED EXPORTS: default

;// ./node_modules/dayjs/esm/constant.js
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
;// ./node_modules/dayjs/esm/locale/en.js
// English [en]
// We don't need weekdaysShort, weekdaysMin, monthsShort in en.js locale
/* harmony default export */ const en = ({
  name: 'en',
  weekdays: 'Sunday_Monday_Tuesday_Wednesday_Thursday_Friday_Saturday'.split('_'),
  months: 'January_February_March_April_May_June_July_August_September_October_November_December'.split('_'),
  ordinal: function ordinal(n) { /* … L40-44 */ }
});
;// ./node_modules/dayjs/esm/utils.js


var padStart = function padStart(string, length, pad) { /* … L49-53 */ };

var padZoneStr = function padZoneStr(instance) { /* … L55-61 */ };

var monthDiff = function monthDiff(a, b) { /* … L63-71 */ };

var absFloor = function absFloor(n) { /* … L73-75 */ };

var prettyUnit = function prettyUnit(u) { /* … L77-91 */ };

var isUndefined = function isUndefined(s) { /* … L93-95 */ };

/* harmony default export */ const utils = ({
  s: padStart,
  z: padZoneStr,
  m: monthDiff,
  a: absFloor,
  p: prettyUnit,
  u: isUndefined
});
;// ./node_modules/dayjs/esm/index.js



var L = 'en'; // global locale

var Ls = {}; // global loaded locale

Ls[L] = en;
var IS_DAYJS = '$isDayjsObject'; // eslint-disable-next-line no-use-before-define

var isDayjs = function isDayjs(d) { /* … L116-118 */ };

var parseLocale = function parseLocale(preset, object, isLocal) { /* … L120-149 */ };

var dayjs = function dayjs(date, c) { /* … L151-162 */ };

var wrapper = function wrapper(date, instance) { /* … L164-172 */ };

var Utils = utils; // for plugin use

Utils.l = parseLocale;
Utils.i = isDayjs;
Utils.w = wrapper;

var parseDate = function parseDate(cfg) { /* … L180-205 */ };

var Dayjs = /*#__PURE__*/function () {
  function Dayjs(cfg) { /* … L208-214 */ }

  var _proto = Dayjs.prototype;

  _proto.parse = function parse(cfg) { /* … L218-221 */ };

  _proto.init = function init() { /* … L223-233 */ } // eslint-disable-next-line class-methods-use-this
  ;

  _proto.$utils = function $utils() { /* … L236-238 */ };

  _proto.isValid = function isValid() { /* … L240-242 */ };

  _proto.isSame = function isSame(that, units) { /* … L244-247 */ };

  _proto.isAfter = function isAfter(that, units) { /* … L249-251 */ };

  _proto.isBefore = function isBefore(that, units) { /* … L253-255 */ };

  _proto.$g = function $g(input, get, set) { /* … L257-260 */ };

  _proto.unix = function unix() { /* … L262-264 */ };

  _proto.valueOf = function valueOf() { /* … L266-269 */ };

  _proto.startOf = function startOf(units, _startOf) { /* … L271-325 */ };

  _proto.endOf = function endOf(arg) { /* … L327-329 */ };

  _proto.$set = function $set(units, _int) { /* … L331-350 */ };

  _proto.set = function set(string, _int2) { /* … L352-354 */ };

  _proto.get = function get(unit) { /* … L356-358 */ };

  _proto.add = function add(number, units) { /* … L360-393 */ };

  _proto.subtract = function subtract(number, string) { /* … L395-397 */ };

  _proto.format = function format(formatStr) { /* … L399-511 */ };

  _proto.utcOffset = function utcOffset() { /* … L513-517 */ };

  _proto.diff = function diff(input, units, _float) { /* … L519-573 */ };

  _proto.daysInMonth = function daysInMonth() { /* … L575-577 */ };

  _proto.$locale = function $locale() { /* … L579-582 */ };

  _proto.locale = function locale(preset, object) { /* … L584-590 */ };

  _proto.clone = function clone() { /* … L592-594 */ };

  _proto.toDate = function toDate() { /* … L596-598 */ };

  _proto.toJSON = function toJSON() { /* … L600-602 */ };

  _proto.toISOString = function toISOString() { /* … L604-609 */ };

  _proto.toString = function toString() { /* … L611-613 */ };

  return Dayjs;
}();

var proto = Dayjs.prototype;
dayjs.prototype = proto;
[['$ms', MS], ['$s', S], ['$m', MIN], ['$H', H], ['$W', D], ['$M', M], ['$y', Y], ['$D', DATE]].forEach(function (g) { /* … L620-624 */ });

dayjs.extend = function (plugin, option) { /* … L626-634 */ };

dayjs.locale = parseLocale;
dayjs.isDayjs = isDayjs;

dayjs.unix = function (timestamp) { /* … L639-641 */ };

dayjs.en = Ls[L];
dayjs.Ls = Ls;
dayjs.p = {};
/* harmony default export */ const esm = ((/* unused pure expression or super */ null && (dayjs)));
/******/ })()
;