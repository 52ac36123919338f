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
exports.load = async function load(name, fallback = null) {
  try {
    return JSON.parse(await readFile(path.join(STATE_DIR, name), 'utf8'));
  } catch (err) {
    if (err.code === 'ENOENT') return fallback;
    throw err;
  }
};

exports.save = (name, value) => {
  fs.mkdirSync(STATE_DIR, { recursive: true });
  fs.writeFileSync(path.join(STATE_DIR, name), JSON.stringify(value, null, 2));
};

exports.VERSION = '3.1.4';

function keys() {
  return fs.readdirSync(STATE_DIR).filter((f) => f.endsWith('.json'));
}

module.exports = {
  keys,
  load: exports.load,
  save: exports.save,
  /** Remove a stored document. */
  remove(name) {
    debug('remove %s', name);
    fs.unlinkSync(path.join(STATE_DIR, name));
  },
  clear: function () {
    keys().forEach((k) => this.remove(k));
  },
  get dir() {
    return STATE_DIR;
  },
  plugins: [require('./plugins/json'), require('./plugins/yaml')],
};

module.exports.Store = class Store {
  constructor(dir) {
    this.dir = dir;
  }
};

// Warn on old Node versions: defines nothing.
if (process.version.startsWith('v12.')) {
  console.warn('Node 12 is not supported');
  process.exitCode = 1;
}

for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, () => {
    debug('exit on %s', sig);
    process.exit(0);
  });
}

if (process.env.STORE_LEGACY) {
  module.exports = require('./legacy-store');
} else if (process.env.STORE_MEMORY) {
  module.exports.backend = function memoryBackend() {
    return new Map();
  };
}

try {
  require.resolve('fsevents');
} catch (e) {
  debug('fsevents not available');
}
