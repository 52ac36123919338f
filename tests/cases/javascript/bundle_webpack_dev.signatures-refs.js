// dayjs 1.11.13 esm/ (MIT), bundled by webpack 5.95.0 --mode development --devtool false
/******/ (() => { // webpackBootstrap
/******/ 	"use strict";
/******/ 	var __webpack_modules__ = ({

/***/ "./node_modules/dayjs/esm/constant.js":
/*!********************************************!*\
  !*** ./node_modules/dayjs/esm/constant.js ***!
  \********************************************/
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => { /* … L10-64 */ }),

/***/ "./node_modules/dayjs/esm/locale/en.js":
/*!*********************************************!*\
  !*** ./node_modules/dayjs/esm/locale/en.js ***!
  \*********************************************/
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => { /* … L70-89 */ }),

/***/ "./node_modules/dayjs/esm/utils.js":
/*!*****************************************!*\
  !*** ./node_modules/dayjs/esm/utils.js ***!
  \*****************************************/
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => { /* … L95-161 */ })

/******/ 	});
/************************************************************************/
/******/ 	// The module cache
/******/ 	var __webpack_module_cache__ = {};
/******/ 	
/******/ 	// The require function
/******/ 	function __webpack_require__(moduleId) { /* … L169-187 */ }
/******/ 	
/************************************************************************/
/******/ 	/* webpack/runtime/define property getters */
/******/ 	(() => {
/******/ 		// define getter functions for harmony exports
/******/ 		__webpack_require__.d = (exports, definition) => { /* … L193-199 */ };
/******/ 	})();
/******/ 	
/******/ 	/* webpack/runtime/hasOwnProperty shorthand */
/******/ 	(() => {
/******/ 		__webpack_require__.o = (obj, prop) => { /* … L204 */ }
/******/ 	})();
/******/ 	
/******/ 	/* webpack/runtime/make namespace object */
/******/ 	(() => {
/******/ 		// define __esModule on exports
/******/ 		__webpack_require__.r = (exports) => { /* … L210-215 */ };
/******/ 	})();
/******/ 	
/************************************************************************/
var __webpack_exports__ = {};
// This entry need to be wrapped in an IIFE because it need to be isolated against other modules in the chunk.
(() => {
/*!*****************************************!*\
  !*** ./node_modules/dayjs/esm/index.js ***!
  \*****************************************/
__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   "default": () => { /* … L227 */ }
/* harmony export */ });
/* harmony import */ var _constant__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(/*! ./constant */ "./node_modules/dayjs/esm/constant.js");
/* harmony import */ var _locale_en__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(/*! ./locale/en */ "./node_modules/dayjs/esm/locale/en.js");
/* harmony import */ var _utils__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(/*! ./utils */ "./node_modules/dayjs/esm/utils.js");



var L = 'en'; // global locale

var Ls = {}; // global loaded locale

Ls[L] = _locale_en__WEBPACK_IMPORTED_MODULE_1__["default"];
var IS_DAYJS = '$isDayjsObject'; // eslint-disable-next-line no-use-before-define

var isDayjs = function isDayjs(d) { /* … L242-244 */ };

var parseLocale = function parseLocale(preset, object, isLocal) { /* … L246-275 */ };

var dayjs = function dayjs(date, c) { /* … L277-288 */ };

var wrapper = function wrapper(date, instance) { /* … L290-298 */ };

var Utils = _utils__WEBPACK_IMPORTED_MODULE_2__["default"]; // for plugin use

Utils.l = parseLocale;
Utils.i = isDayjs;
Utils.w = wrapper;

var parseDate = function parseDate(cfg) { /* … L306-331 */ };

var Dayjs = /*#__PURE__*/function () {
  function Dayjs(cfg) { /* … L334-340 */ }

  var _proto = Dayjs.prototype;

  _proto.parse = function parse(cfg) { /* … L344-347 */ };

  _proto.init = function init() { /* … L349-359 */ } // eslint-disable-next-line class-methods-use-this
  ;

  _proto.$utils = function $utils() { /* … L362-364 */ };

  _proto.isValid = function isValid() { /* … L366-368 */ };

  _proto.isSame = function isSame(that, units) { /* … L370-373 */ };

  _proto.isAfter = function isAfter(that, units) { /* … L375-377 */ };

  _proto.isBefore = function isBefore(that, units) { /* … L379-381 */ };

  _proto.$g = function $g(input, get, set) { /* … L383-386 */ };

  _proto.unix = function unix() { /* … L388-390 */ };

  _proto.valueOf = function valueOf() { /* … L392-395 */ };

  _proto.startOf = function startOf(units, _startOf) { /* … L397-451 */ };

  _proto.endOf = function endOf(arg) { /* … L453-455 */ };

  _proto.$set = function $set(units, _int) { /* … L457-476 */ };

  _proto.set = function set(string, _int2) { /* … L478-480 */ };

  _proto.get = function get(unit) { /* … L482-484 */ };

  _proto.add = function add(number, units) { /* … L486-519 */ };

  _proto.subtract = function subtract(number, string) { /* … L521-523 */ };

  _proto.format = function format(formatStr) { /* … L525-637 */ };

  _proto.utcOffset = function utcOffset() { /* … L639-643 */ };

  _proto.diff = function diff(input, units, _float) { /* … L645-699 */ };

  _proto.daysInMonth = function daysInMonth() { /* … L701-703 */ };

  _proto.$locale = function $locale() { /* … L705-708 */ };

  _proto.locale = function locale(preset, object) { /* … L710-716 */ };

  _proto.clone = function clone() { /* … L718-720 */ };

  _proto.toDate = function toDate() { /* … L722-724 */ };

  _proto.toJSON = function toJSON() { /* … L726-728 */ };

  _proto.toISOString = function toISOString() { /* … L730-735 */ };

  _proto.toString = function toString() { /* … L737-739 */ };

  return Dayjs;
}();

var proto = Dayjs.prototype;
dayjs.prototype = proto;
[['$ms', _constant__WEBPACK_IMPORTED_MODULE_0__.MS], ['$s', _constant__WEBPACK_IMPORTED_MODULE_0__.S], ['$m', _constant__WEBPACK_IMPORTED_MODULE_0__.MIN], ['$H', _constant__WEBPACK_IMPORTED_MODULE_0__.H], ['$W', _constant__WEBPACK_IMPORTED_MODULE_0__.D], ['$M', _constant__WEBPACK_IMPORTED_MODULE_0__.M], ['$y', _constant__WEBPACK_IMPORTED_MODULE_0__.Y], ['$D', _constant__WEBPACK_IMPORTED_MODULE_0__.DATE]].forEach(function (g) { /* … L746-750 */ });

dayjs.extend = function (plugin, option) { /* … L752-760 */ };

dayjs.locale = parseLocale;
dayjs.isDayjs = isDayjs;

dayjs.unix = function (timestamp) { /* … L765-767 */ };

dayjs.en = Ls[L];
dayjs.Ls = Ls;
dayjs.p = {};
/* harmony default export */ const __WEBPACK_DEFAULT_EXPORT__ = (dayjs);
})();

/******/ })()
;