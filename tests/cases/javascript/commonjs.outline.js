'use strict';
/* eslint-disable no-console */

const fs = require('fs');
const path = require('path');
const { promisify } = require('util');
const debug = require('debug')('app:store');

const readFile = promisify(fs.readFile);

const STATE_DIR = process.env.STATE_DIR || path.join(__dirname, '.state');

/** Load a JSON document from the state directory. */
exports.load = async function load(name, fallback = null) { /* … */ };

exports.save = (name, value) => { /* … */ };

exports.VERSION = '3.1.4';

function keys() { /* … */ }

module.exports = {
  keys,
  load: exports.load,
  save: exports.save,
  /** Remove a stored document. */
  remove(name) { /* … */ },
  clear: function () { /* … */ },
  get dir() { /* … */ },
  plugins: [require('./plugins/json'), require('./plugins/yaml')],
};

module.exports.Store = class Store {
  constructor(dir) { /* … */ }
};

if (process.version.startsWith('v12.')) { /* … */ }

for (const sig of ['SIGINT', 'SIGTERM']) { /* … */ }

if (process.env.STORE_LEGACY) {
  module.exports = require('./legacy-store');
} else if (process.env.STORE_MEMORY) {
  module.exports.backend = function memoryBackend() { /* … */ };
}

try { /* … */ } catch (e) { /* … */ }
