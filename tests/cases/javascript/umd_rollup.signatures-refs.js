/**
 * colorjs v1.2.0 — Rollup UMD build.
 * The factory is passed wrapped in parentheses: `})(this, (function (exports) {`.
 */
(function (global, factory) { /* … L5-9 */ })(this, (function (exports) { 'use strict';

  /**
   * Parse a `#rrggbb` colour.
   * Returns null for anything else.
   */
  function parseHex(hex) { /* … L15-21 */ }

  function toHex(rgb) { /* … L23-27 */ }

  class Color {
    constructor(r, g, b) { /* … L30-34 */ }

    static fromHex(hex) { /* … L36-39 */ }

    lighten(amount) { /* … L41-44 */ }
  }

  exports.Color = Color;
  exports.parseHex = parseHex;
  exports.toHex = toHex;

  Object.defineProperty(exports, '__esModule', { value: true });

}));
