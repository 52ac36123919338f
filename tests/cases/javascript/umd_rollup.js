/**
 * colorjs v1.2.0 — Rollup UMD build.
 * The factory is passed wrapped in parentheses: `})(this, (function (exports) {`.
 */
(function (global, factory) {
  typeof exports === 'object' && typeof module !== 'undefined' ? factory(exports) :
  typeof define === 'function' && define.amd ? define(['exports'], factory) :
  (global = typeof globalThis !== 'undefined' ? globalThis : global || self, factory(global.colorjs = {}));
})(this, (function (exports) { 'use strict';

  /**
   * Parse a `#rrggbb` colour.
   * Returns null for anything else.
   */
  function parseHex(hex) {
    var m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
    if (!m) {
      return null;
    }
    return { r: parseInt(m[1], 16), g: parseInt(m[2], 16), b: parseInt(m[3], 16) };
  }

  function toHex(rgb) {
    return '#' + [rgb.r, rgb.g, rgb.b].map(function (v) {
      return v.toString(16).padStart(2, '0');
    }).join('');
  }

  class Color {
    constructor(r, g, b) {
      this.r = r;
      this.g = g;
      this.b = b;
    }

    static fromHex(hex) {
      var rgb = parseHex(hex);
      return rgb && new Color(rgb.r, rgb.g, rgb.b);
    }

    lighten(amount) {
      var f = function (v) { return Math.min(255, Math.round(v + (255 - v) * amount)); };
      return new Color(f(this.r), f(this.g), f(this.b));
    }
  }

  exports.Color = Color;
  exports.parseHex = parseHex;
  exports.toHex = toHex;

  Object.defineProperty(exports, '__esModule', { value: true });

}));
