/**
 * colorjs v1.2.0 — Rollup UMD build.
 * The factory is passed wrapped in parentheses: `})(this, (function (exports) {`.
 */
(function (global, factory) { /* … */ })(this, (function (exports) { 'use strict';

  /**
   * Parse a `#rrggbb` colour.
   * Returns null for anything else.
   */
  function parseHex(hex) { /* … */ }

  function toHex(rgb) { /* … */ }

  class Color {
    constructor(r, g, b) { /* … */ }

    static fromHex(hex) { /* … */ }

    lighten(amount) { /* … */ }
  }

  exports.Color = Color;
  exports.parseHex = parseHex;
  exports.toHex = toHex;

  Object.defineProperty(exports, '__esModule', { value: true });

}));
