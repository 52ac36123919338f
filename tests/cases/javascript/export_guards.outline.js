/** A library that works as a browser global and as a CommonJS module. */

function Stopwatch() { /* … */ }

Stopwatch.prototype.start = function () { /* … */ };

Stopwatch.prototype.stop = function () { /* … */ };

if (typeof window !== 'undefined') {
  var root = window;
} else {
  var root = globalThis;
}

if (typeof module === 'object' && module.exports) {
  module.exports = Stopwatch;
  module.exports.default = Stopwatch;
} else {
  root.Stopwatch = Stopwatch;
}

let now = Date.now;
try {
  now = (await import('./native-clock.js')).now;
} catch {
  now = Date.now;
}

if (root.performance === undefined) { /* … */ }

export { now };
