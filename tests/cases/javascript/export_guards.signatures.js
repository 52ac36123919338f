/**
 * A library that works as a browser global and as a CommonJS module.
 * The top-level `if` blocks below publish it: they must survive `outline`.
 */

function Stopwatch() { /* … */ }

Stopwatch.prototype.start = function () { /* … */ };

Stopwatch.prototype.stop = function () { /* … */ };

// Pick the global object: `var` in a top-level block defines a global name.
if (typeof window !== 'undefined') {
  var root = window;
} else {
  var root = globalThis;
}

// CommonJS export without `require`: this block publishes the library.
if (typeof module === 'object' && module.exports) {
  module.exports = Stopwatch;
  module.exports.default = Stopwatch;
} else {
  root.Stopwatch = Stopwatch;
}

// Optional native speed-up, loaded with a dynamic import.
let now = Date.now;
try {
  now = (await import('./native-clock.js')).now;
} catch {
  now = Date.now;
}

// Inert: defines and imports nothing, elided at outline.
if (root.performance === undefined) {
  console.warn('stopwatch: performance API missing, falling back to Date.now');
  console.info('stopwatch: precision is one millisecond');
}

export { now };
