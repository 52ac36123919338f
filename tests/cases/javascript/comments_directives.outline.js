/// <reference types="node" />
// @ts-check
/* global window, document */
/* eslint-disable no-var, prefer-const */
'use strict';

import { createStore } from './store.js';

/** Application state factory. */
export const store = /*#__PURE__*/ createStore({ count: 0 });

/** One-line doc comment stays as it is. */
export const VERSION = '1.0.0';

export function reset() { /* … */ }

/* istanbul ignore next */
export function debugOnly() { /* … */ }

// eslint-disable-next-line no-unused-vars
export const noop = () => {};

// prettier-ignore
export const MATRIX = [
  1, 0, 0,
  0, 1, 0,
  0, 0, 1,
];

export class Counter {
  count = 0;

  /** Add one. */
  increment() { /* … */ }

  decrement() { /* … */ }
}

/** @deprecated use {@link Counter} */
export function makeCounter() { /* … */ }

/** Summary after a blank line. */
export function blankFirstLine() {}

/** Summary on the opening line, */
export function summaryOnOpener() {}

document.addEventListener('DOMContentLoaded', () => { /* … */ });
