#!/usr/bin/env node
// @ts-check
'use strict';

const { parseArgs } = require('node:util');
const readline = require('node:readline');
const pkg = require('../package.json');

const USAGE = `…`;

/** Count lines and words in a stream. */
async function count(input) { /* … */ }

async function main(argv) { /* … */ }

if (require.main === module) { /* … */ }

module.exports = { count, main };
