var dayjs = (() => {
  var __defProp = Object.defineProperty;
  var __getOwnPropDesc = Object.getOwnPropertyDescriptor;
  var __getOwnPropNames = Object.getOwnPropertyNames;
  var __hasOwnProp = Object.prototype.hasOwnProperty;
  var __export = (target, all) => { /* … */ };
  var __copyProps = (to, from, except, desc) => { /* … */ };
  var __toCommonJS = (mod) => { /* … */ };

  var esm_exports = {};
  __export(esm_exports, {
    default: () => esm_default
  });

  var SECONDS_A_MINUTE = 60;
  var SECONDS_A_HOUR = SECONDS_A_MINUTE * 60;
  var SECONDS_A_DAY = SECONDS_A_HOUR * 24;
  var SECONDS_A_WEEK = SECONDS_A_DAY * 7;
  var MILLISECONDS_A_SECOND = 1e3;
  var MILLISECONDS_A_MINUTE = SECONDS_A_MINUTE * MILLISECONDS_A_SECOND;
  var MILLISECONDS_A_HOUR = SECONDS_A_HOUR * MILLISECONDS_A_SECOND;
  var MILLISECONDS_A_DAY = SECONDS_A_DAY * MILLISECONDS_A_SECOND;
  var MILLISECONDS_A_WEEK = SECONDS_A_WEEK * MILLISECONDS_A_SECOND;
  var MS = "millisecond";
  var S = "second";
  var MIN = "minute";
  var H = "hour";
  var D = "day";
  var W = "week";
  var M = "month";
  var Q = "quarter";
  var Y = "year";
  var DATE = "date";
  var FORMAT_DEFAULT = "YYYY-MM-DDTHH:mm:ssZ";
  var INVALID_DATE_STRING = "Invalid Date";
  var REGEX_PARSE = /^(\d{4})[-/]?(\d{1,2})?[-/]?(\d{0,2})[Tt\s]*(\d{1,2})?:?(\d{1,2})?:?(\d{1,2})?[.:]?(\d+)?$/;
  var REGEX_FORMAT = /\[([^\]]+)]|Y{1,4}|M{1,4}|D{1,2}|d{1,4}|H{1,2}|h{1,2}|a|A|m{1,2}|s{1,2}|Z{1,2}|SSS/g;

  var en_default = {
    name: "en",
    weekdays: "Sunday_Monday_Tuesday_Wednesday_Thursday_Friday_Saturday".split("_"),
    months: "January_February_March_April_May_June_July_August_September_October_November_December".split("_"),
    ordinal: function ordinal(n) { /* … */ }
  };

  var padStart = function padStart2(string, length, pad) { /* … */ };
  var padZoneStr = function padZoneStr2(instance) { /* … */ };
  var monthDiff = function monthDiff2(a, b) { /* … */ };
  var absFloor = function absFloor2(n) { /* … */ };
  var prettyUnit = function prettyUnit2(u) { /* … */ };
  var isUndefined = function isUndefined2(s) { /* … */ };
  var utils_default = {
    s: padStart,
    z: padZoneStr,
    m: monthDiff,
    a: absFloor,
    p: prettyUnit,
    u: isUndefined
  };

  var L = "en";
  var Ls = {};
  Ls[L] = en_default;
  var IS_DAYJS = "$isDayjsObject";
  var isDayjs = function isDayjs2(d) { /* … */ };
  var parseLocale = function parseLocale2(preset, object, isLocal) { /* … */ };
  var dayjs = function dayjs2(date, c) { /* … */ };
  var wrapper = function wrapper2(date, instance) { /* … */ };
  var Utils = utils_default;
  Utils.l = parseLocale;
  Utils.i = isDayjs;
  Utils.w = wrapper;
  var parseDate = function parseDate2(cfg) { /* … */ };
  var Dayjs = /* @__PURE__ */ function() {
    function Dayjs2(cfg) { /* … */ }
    var _proto = Dayjs2.prototype;
    _proto.parse = function parse(cfg) { /* … */ };
    _proto.init = function init() { /* … */ };
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
    return Dayjs2;
  }();
  var proto = Dayjs.prototype;
  dayjs.prototype = proto;
  [["$ms", MS], ["$s", S], ["$m", MIN], ["$H", H], ["$W", D], ["$M", M], ["$y", Y], ["$D", DATE]].forEach(function(g) { /* … */ });
  dayjs.extend = function(plugin, option) { /* … */ };
  dayjs.locale = parseLocale;
  dayjs.isDayjs = isDayjs;
  dayjs.unix = function(timestamp) { /* … */ };
  dayjs.en = Ls[L];
  dayjs.Ls = Ls;
  dayjs.p = {};
  var esm_default = dayjs;
  return __toCommonJS(esm_exports);
})();
