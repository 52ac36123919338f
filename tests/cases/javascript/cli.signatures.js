#!/usr/bin/env node
// @ts-check
'use strict';

const { parseArgs } = require('node:util');
const readline = require('node:readline');
const pkg = require('../package.json');

const USAGE = `Usage: wc [options] [file...]

Options:
  -l, --lines   print line counts
  -w, --words   print word counts
  -h, --help    show this help
`;

/**
 * Count lines and words in a stream.
 * @param {NodeJS.ReadableStream} input
 */
async function count(input) { /* … */ }

async function main(argv) { /* … */ }

if (require.main === module) {
  main(process.argv.slice(2)).then(
    (code) => { /* … */ },
    (err) => { /* … */ },
  );
}

module.exports = { count, main };
