/** colorjs v1.2.0 — Rollup UMD build. */
(function (global, factory) { /* … */ })(this, (function (exports) { 'use strict';

  /** Parse a `#rrggbb` colour. */
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
