'use strict';
/* eslint-disable no-console */

const fs = require('fs');
const path = require('path');
const { promisify } = require('util');
const debug = require('debug')('app:store');

const readFile = promisify(fs.readFile);

// Where state lives on disk.
const STATE_DIR = process.env.STATE_DIR || path.join(__dirname, '.state');

/**
 * Load a JSON document from the state directory.
 * Missing files give `fallback`.
 */
exports.load = async function load(name, fallback = null) { /* … L18-25 */ };

exports.save = (name, value) => { /* … L27-30 */ };

exports.VERSION = '3.1.4';

function keys() { /* … L34-36 */ }

module.exports = {
  keys,
  load: exports.load,
  save: exports.save,
  /** Remove a stored document. */
  remove(name) { /* … L43-46 */ },
  clear: function () { /* … L47-49 */ },
  get dir() { /* … L50-52 */ },
  plugins: [require('./plugins/json'), require('./plugins/yaml')],
};

module.exports.Store = class Store {
  constructor(dir) { /* … L57-59 */ }
};

// Warn on old Node versions: defines nothing.
if (process.version.startsWith('v12.')) {
  console.warn('Node 12 is not supported');
  process.exitCode = 1;
}

for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, () => { /* … L69-72 */ });
}

if (process.env.STORE_LEGACY) {
  module.exports = require('./legacy-store');
} else if (process.env.STORE_MEMORY) {
  module.exports.backend = function memoryBackend() { /* … L78-80 */ };
}

try {
  require.resolve('fsevents');
} catch (e) {
  debug('fsevents not available');
}
