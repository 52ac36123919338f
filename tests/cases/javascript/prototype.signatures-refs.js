'use strict';

/**
 * Old-style constructor with prototype methods.
 * @constructor
 * @param {string} name
 */
function Widget(name, options) { /* … L8-14 */ }

Widget.defaults = {
  color: 'blue',
  size: 'medium',
};

/** Render the widget into `el`. */
Widget.prototype.render = function render(el) { /* … L22-26 */ };

Widget.prototype.destroy = function () { /* … L28-30 */ };

Widget.prototype.toString = () => '[object Widget]';

Widget.create = function create(name) { /* … L34-36 */ };

Object.defineProperty(Widget.prototype, 'label', {
  get: function () { /* … L39-41 */ },
  enumerable: true,
});

var counter = 0;

function nextId(prefix) { /* … L47-50 */ }

var helpers = {
  nextId: nextId,
  clamp(value, lo, hi) { /* … L54-56 */ },
  format: function (n) { /* … L57-59 */ },
  get count() { /* … L60-62 */ },
};

function inherits(Child, Parent) { /* … L65-68 */ }

function Button(name) { /* … L70-72 */ }

inherits(Button, Widget);

Button.prototype.click = function () { /* … L76-78 */ };
