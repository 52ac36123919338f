/******/ (() => { // webpackBootstrap
/******/ 	"use strict";
/******/ 	var __webpack_modules__ = ({

/***/ "./node_modules/dayjs/esm/constant.js":
/*!********************************************!*\
  !*** ./node_modules/dayjs/esm/constant.js ***!
  \********************************************/
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => { /* … */ }),

/***/ "./node_modules/dayjs/esm/locale/en.js":
/*!*********************************************!*\
  !*** ./node_modules/dayjs/esm/locale/en.js ***!
  \*********************************************/
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => { /* … */ }),

/***/ "./node_modules/dayjs/esm/utils.js":
/*!*****************************************!*\
  !*** ./node_modules/dayjs/esm/utils.js ***!
  \*****************************************/
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => { /* … */ })

/******/ 	});
/************************************************************************/
/******/
/******/ 	var __webpack_module_cache__ = {};
/******/ 	
/******/
/******/ 	function __webpack_require__(moduleId) { /* … */ }
/******/ 	
/************************************************************************/
/******/
/******/ 	(() => {
/******/
/******/ 		__webpack_require__.d = (exports, definition) => { /* … */ };
/******/ 	})();
/******/ 	
/******/
/******/ 	(() => {
/******/ 		__webpack_require__.o = (obj, prop) => { /* … */ }
/******/ 	})();
/******/ 	
/******/
/******/ 	(() => {
/******/
/******/ 		__webpack_require__.r = (exports) => { /* … */ };
/******/ 	})();
/******/ 	
/************************************************************************/
var __webpack_exports__ = {};
(() => {
/*!*****************************************!*\
  !*** ./node_modules/dayjs/esm/index.js ***!
  \*****************************************/
__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   "default": () => { /* … */ }
/* harmony export */ });
/* harmony import */ var _constant__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(/*! ./constant */ "./node_modules/dayjs/esm/constant.js");
/* harmony import */ var _locale_en__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(/*! ./locale/en */ "./node_modules/dayjs/esm/locale/en.js");
/* harmony import */ var _utils__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(/*! ./utils */ "./node_modules/dayjs/esm/utils.js");



var L = 'en'; // global locale

var Ls = {}; // global loaded locale

Ls[L] = _locale_en__WEBPACK_IMPORTED_MODULE_1__["default"];
var IS_DAYJS = '$isDayjsObject'; // eslint-disable-next-line no-use-before-define

var isDayjs = function isDayjs(d) { /* … */ };

var parseLocale = function parseLocale(preset, object, isLocal) { /* … */ };

var dayjs = function dayjs(date, c) { /* … */ };

var wrapper = function wrapper(date, instance) { /* … */ };

var Utils = _utils__WEBPACK_IMPORTED_MODULE_2__["default"];

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
[['$ms', _constant__WEBPACK_IMPORTED_MODULE_0__.MS], ['$s', _constant__WEBPACK_IMPORTED_MODULE_0__.S], ['$m', _constant__WEBPACK_IMPORTED_MODULE_0__.MIN], ['$H', _constant__WEBPACK_IMPORTED_MODULE_0__.H], ['$W', _constant__WEBPACK_IMPORTED_MODULE_0__.D], ['$M', _constant__WEBPACK_IMPORTED_MODULE_0__.M], ['$y', _constant__WEBPACK_IMPORTED_MODULE_0__.Y], ['$D', _constant__WEBPACK_IMPORTED_MODULE_0__.DATE]].forEach(function (g) { /* … */ });

dayjs.extend = function (plugin, option) { /* … */ };

dayjs.locale = parseLocale;
dayjs.isDayjs = isDayjs;

dayjs.unix = function (timestamp) { /* … */ };

dayjs.en = Ls[L];
dayjs.Ls = Ls;
dayjs.p = {};
/* harmony default export */ const __WEBPACK_DEFAULT_EXPORT__ = (dayjs);
})();

/******/ })()
;