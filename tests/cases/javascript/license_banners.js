/**
 * @license
 * Banner v2.3.1 <https://example.com/banner>
 * Copyright OpenJS Foundation and other contributors
 * Released under MIT license <https://example.com/LICENSE>
 */

/*!
 * banner-core v2.3.1
 * (c) 2024 Example Corp. All rights reserved.
 */

/**
 * @preserve
 * Portions derived from sprintf.js (BSD-3-Clause).
 * Keep this notice in minified builds.
 */

/**
 * Banner helpers.
 *
 * Only this doc comment is shortened at outline; the three
 * license comments above are directives and stay whole.
 */
import { pad } from './pad.js';

/** @license Apache-2.0
 * Parts of this file are from the Apache Commons project.
 */
export const WIDTH = 72;

/**
 * Frame `text` in a box of stars.
 * Lines longer than WIDTH are wrapped.
 */
export function banner(text) {
  const line = '*'.repeat(WIDTH);
  return [line, pad(text, WIDTH), line].join('\n');
}

// A plain comment: dropped at outline.
export default banner;
