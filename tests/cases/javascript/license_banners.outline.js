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

/** Banner helpers. */
import { pad } from './pad.js';

/** @license Apache-2.0
 * Parts of this file are from the Apache Commons project.
 */
export const WIDTH = 72;

/** Frame `text` in a box of stars. */
export function banner(text) { /* … */ }

export default banner;
