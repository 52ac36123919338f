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
async function count(input) { /* … L21-30 */ }

async function main(argv) { /* … L32-49 */ }

if (require.main === module) {
  main(process.argv.slice(2)).then(
    (code) => { /* … L53 */ },
    (err) => { /* … L54-57 */ },
  );
}

module.exports = { count, main };
