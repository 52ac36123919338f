// dayjs 1.11.13 esm/ (MIT), bundled by esbuild 0.24.0 --bundle --format=iife --global-name=dayjs
var dayjs = (() => {
  var __defProp = Object.defineProperty;
  var __getOwnPropDesc = Object.getOwnPropertyDescriptor;
  var __getOwnPropNames = Object.getOwnPropertyNames;
  var __hasOwnProp = Object.prototype.hasOwnProperty;
  var __export = (target, all) => { /* … L7-10 */ };
  var __copyProps = (to, from, except, desc) => { /* … L11-18 */ };
  var __toCommonJS = (mod) => { /* … L19 */ };

  // node_modules/dayjs/esm/index.js
  var esm_exports = {};
  __export(esm_exports, {
    default: () => esm_default
  });

  // node_modules/dayjs/esm/constant.js
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

  // node_modules/dayjs/esm/locale/en.js
  var en_default = {
    name: "en",
    weekdays: "Sunday_Monday_Tuesday_Wednesday_Thursday_Friday_Saturday".split("_"),
    months: "January_February_March_April_May_June_July_August_September_October_November_December".split("_"),
    ordinal: function ordinal(n) { /* … L57-61 */ }
  };

  // node_modules/dayjs/esm/utils.js
  var padStart = function padStart2(string, length, pad) { /* … L65-69 */ };
  var padZoneStr = function padZoneStr2(instance) { /* … L70-76 */ };
  var monthDiff = function monthDiff2(a, b) { /* … L77-84 */ };
  var absFloor = function absFloor2(n) { /* … L85-87 */ };
  var prettyUnit = function prettyUnit2(u) { /* … L88-102 */ };
  var isUndefined = function isUndefined2(s) { /* … L103-105 */ };
  var utils_default = {
    s: padStart,
    z: padZoneStr,
    m: monthDiff,
    a: absFloor,
    p: prettyUnit,
    u: isUndefined
  };

  // node_modules/dayjs/esm/index.js
  var L = "en";
  var Ls = {};
  Ls[L] = en_default;
  var IS_DAYJS = "$isDayjsObject";
  var isDayjs = function isDayjs2(d) { /* … L120-122 */ };
  var parseLocale = function parseLocale2(preset, object, isLocal) { /* … L123-146 */ };
  var dayjs = function dayjs2(date, c) { /* … L147-155 */ };
  var wrapper = function wrapper2(date, instance) { /* … L156-164 */ };
  var Utils = utils_default;
  Utils.l = parseLocale;
  Utils.i = isDayjs;
  Utils.w = wrapper;
  var parseDate = function parseDate2(cfg) { /* … L169-186 */ };
  var Dayjs = /* @__PURE__ */ function() {
    function Dayjs2(cfg) { /* … L188-193 */ }
    var _proto = Dayjs2.prototype;
    _proto.parse = function parse(cfg) { /* … L195-198 */ };
    _proto.init = function init() { /* … L199-209 */ };
    _proto.$utils = function $utils() { /* … L210-212 */ };
    _proto.isValid = function isValid() { /* … L213-215 */ };
    _proto.isSame = function isSame(that, units) { /* … L216-219 */ };
    _proto.isAfter = function isAfter(that, units) { /* … L220-222 */ };
    _proto.isBefore = function isBefore(that, units) { /* … L223-225 */ };
    _proto.$g = function $g(input, get, set) { /* … L226-229 */ };
    _proto.unix = function unix() { /* … L230-232 */ };
    _proto.valueOf = function valueOf() { /* … L233-235 */ };
    _proto.startOf = function startOf(units, _startOf) { /* … L236-277 */ };
    _proto.endOf = function endOf(arg) { /* … L278-280 */ };
    _proto.$set = function $set(units, _int) { /* … L281-295 */ };
    _proto.set = function set(string, _int2) { /* … L296-298 */ };
    _proto.get = function get(unit) { /* … L299-301 */ };
    _proto.add = function add(number, units) { /* … L302-325 */ };
    _proto.subtract = function subtract(number, string) { /* … L326-328 */ };
    _proto.format = function format(formatStr) { /* … L329-406 */ };
    _proto.utcOffset = function utcOffset() { /* … L407-409 */ };
    _proto.diff = function diff(input, units, _float) { /* … L410-450 */ };
    _proto.daysInMonth = function daysInMonth() { /* … L451-453 */ };
    _proto.$locale = function $locale() { /* … L454-456 */ };
    _proto.locale = function locale(preset, object) { /* … L457-463 */ };
    _proto.clone = function clone() { /* … L464-466 */ };
    _proto.toDate = function toDate() { /* … L467-469 */ };
    _proto.toJSON = function toJSON() { /* … L470-472 */ };
    _proto.toISOString = function toISOString() { /* … L473-475 */ };
    _proto.toString = function toString() { /* … L476-478 */ };
    return Dayjs2;
  }();
  var proto = Dayjs.prototype;
  dayjs.prototype = proto;
  [["$ms", MS], ["$s", S], ["$m", MIN], ["$H", H], ["$W", D], ["$M", M], ["$y", Y], ["$D", DATE]].forEach(function(g) { /* … L483-487 */ });
  dayjs.extend = function(plugin, option) { /* … L488-494 */ };
  dayjs.locale = parseLocale;
  dayjs.isDayjs = isDayjs;
  dayjs.unix = function(timestamp) { /* … L497-499 */ };
  dayjs.en = Ls[L];
  dayjs.Ls = Ls;
  dayjs.p = {};
  var esm_default = dayjs;
  return __toCommonJS(esm_exports);
})();
