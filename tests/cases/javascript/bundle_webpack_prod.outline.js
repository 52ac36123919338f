/******/ (() => { // webpackBootstrap
/******/ 	"use strict";

;
var SECONDS_A_MINUTE = 60;
var SECONDS_A_HOUR = SECONDS_A_MINUTE * 60;
var SECONDS_A_DAY = SECONDS_A_HOUR * 24;
var SECONDS_A_WEEK = SECONDS_A_DAY * 7;
var MILLISECONDS_A_SECOND = 1e3;
var MILLISECONDS_A_MINUTE = SECONDS_A_MINUTE * MILLISECONDS_A_SECOND;
var MILLISECONDS_A_HOUR = SECONDS_A_HOUR * MILLISECONDS_A_SECOND;
var MILLISECONDS_A_DAY = SECONDS_A_DAY * MILLISECONDS_A_SECOND;
var MILLISECONDS_A_WEEK = SECONDS_A_WEEK * MILLISECONDS_A_SECOND;

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
var INVALID_DATE_STRING = 'Invalid Date';

var REGEX_PARSE = /^(\d{4})[-/]?(\d{1,2})?[-/]?(\d{0,2})[Tt\s]*(\d{1,2})?:?(\d{1,2})?:?(\d{1,2})?[.:]?(\d+)?$/;
var REGEX_FORMAT = /\[([^\]]+)]|Y{1,4}|M{1,4}|D{1,2}|d{1,4}|H{1,2}|h{1,2}|a|A|m{1,2}|s{1,2}|Z{1,2}|SSS/g;
;
/* harmony default export */ const en = ({
  name: 'en',
  weekdays: 'Sunday_Monday_Tuesday_Wednesday_Thursday_Friday_Saturday'.split('_'),
  months: 'January_February_March_April_May_June_July_August_September_October_November_December'.split('_'),
  ordinal: function ordinal(n) { /* … */ }
});
;


var padStart = function padStart(string, length, pad) { /* … */ };

var padZoneStr = function padZoneStr(instance) { /* … */ };

var monthDiff = function monthDiff(a, b) { /* … */ };

var absFloor = function absFloor(n) { /* … */ };

var prettyUnit = function prettyUnit(u) { /* … */ };

var isUndefined = function isUndefined(s) { /* … */ };

/* harmony default export */ const utils = ({
  s: padStart,
  z: padZoneStr,
  m: monthDiff,
  a: absFloor,
  p: prettyUnit,
  u: isUndefined
});
;



var L = 'en'; // global locale

var Ls = {}; // global loaded locale

Ls[L] = en;
var IS_DAYJS = '$isDayjsObject'; // eslint-disable-next-line no-use-before-define

var isDayjs = function isDayjs(d) { /* … */ };

var parseLocale = function parseLocale(preset, object, isLocal) { /* … */ };

var dayjs = function dayjs(date, c) { /* … */ };

var wrapper = function wrapper(date, instance) { /* … */ };

var Utils = utils;

Utils.l = parseLocale;
Utils.i = isDayjs;
Utils.w = wrapper;

var parseDate = function parseDate(cfg) { /* … */ };

var Dayjs = /*#__PURE__*/function () {
  function Dayjs(cfg) { /* … */ }

  var _proto = Dayjs.prototype;

  _proto.parse = function parse(cfg) { /* … */ };

  _proto.init = function init() { /* … */ } // eslint-disable-next-line class-methods-use-this
  ;

  _proto.$utils = function $utils() { /* … */ };

  _proto.isValid = function isValid() { /* … */ };

  _proto.isSame = function isSame(that, units) { /* … */ };

  _proto.isAfter = function isAfter(that, units) { /* … */ };

  _proto.isBefore = function isBefore(that, units) { /* … */ };

  _proto.$g = function $g(input, get, set) { /* … */ };

  _proto.unix = function unix() { /* … */ };

  _proto.valueOf = function valueOf() { /* … */ };

  _proto.startOf = function startOf(units, _startOf) { /* … */ };

  _proto.endOf = function endOf(arg) { /* … */ };

  _proto.$set = function $set(units, _int) { /* … */ };

  _proto.set = function set(string, _int2) { /* … */ };

  _proto.get = function get(unit) { /* … */ };

  _proto.add = function add(number, units) { /* … */ };

  _proto.subtract = function subtract(number, string) { /* … */ };

  _proto.format = function format(formatStr) { /* … */ };

  _proto.utcOffset = function utcOffset() { /* … */ };

  _proto.diff = function diff(input, units, _float) { /* … */ };

  _proto.daysInMonth = function daysInMonth() { /* … */ };

  _proto.$locale = function $locale() { /* … */ };

  _proto.locale = function locale(preset, object) { /* … */ };

  _proto.clone = function clone() { /* … */ };

  _proto.toDate = function toDate() { /* … */ };

  _proto.toJSON = function toJSON() { /* … */ };

  _proto.toISOString = function toISOString() { /* … */ };

  _proto.toString = function toString() { /* … */ };

  return Dayjs;
}();

var proto = Dayjs.prototype;
dayjs.prototype = proto;
[['$ms', MS], ['$s', S], ['$m', MIN], ['$H', H], ['$W', D], ['$M', M], ['$y', Y], ['$D', DATE]].forEach(function (g) { /* … */ });

dayjs.extend = function (plugin, option) { /* … */ };

dayjs.locale = parseLocale;
dayjs.isDayjs = isDayjs;

dayjs.unix = function (timestamp) { /* … */ };

dayjs.en = Ls[L];
dayjs.Ls = Ls;
dayjs.p = {};
/* harmony default export */ const esm = ((/* unused pure expression or super */ null && (dayjs)));
/******/ })()
;