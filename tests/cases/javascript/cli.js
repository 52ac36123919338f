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
async function count(input) {
  const rl = readline.createInterface({ input, crlfDelay: Infinity });
  let lines = 0;
  let words = 0;
  for await (const line of rl) {
    lines += 1;
    words += line.split(/\s+/).filter(Boolean).length;
  }
  return { lines, words };
}

async function main(argv) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      lines: { type: 'boolean', short: 'l' },
      words: { type: 'boolean', short: 'w' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    process.stdout.write(USAGE);
    return 0;
  }
  const result = await count(process.stdin);
  console.log(values.lines ? result.lines : result.words, positionals.join(' '));
  return 0;
}

if (require.main === module) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err) => {
      console.error(`${pkg.name}: ${err.message}`);
      process.exit(1);
    },
  );
}

module.exports = { count, main };
