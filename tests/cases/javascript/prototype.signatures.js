'use strict';

/**
 * Old-style constructor with prototype methods.
 * @constructor
 * @param {string} name
 */
function Widget(name, options) { /* … */ }

Widget.defaults = {
  color: 'blue',
  size: 'medium',
};

/** Render the widget into `el`. */
Widget.prototype.render = function render(el) { /* … */ };

Widget.prototype.destroy = function () { /* … */ };

Widget.prototype.toString = () => { /* … */ };

Widget.create = function create(name) { /* … */ };

Object.defineProperty(Widget.prototype, 'label', {
  get: function () { /* … */ },
  enumerable: true,
});

var counter = 0;

function nextId(prefix) { /* … */ }

var helpers = {
  nextId: nextId,
  clamp(value, lo, hi) { /* … */ },
  format: function (n) { /* … */ },
  get count() { /* … */ },
};

function inherits(Child, Parent) { /* … */ }

function Button(name) { /* … */ }

inherits(Button, Widget);

Button.prototype.click = function () { /* … */ };
