'use strict';

/**
 * Old-style constructor with prototype methods.
 * @constructor
 * @param {string} name
 */
function Widget(name, options) {
  if (!(this instanceof Widget)) {
    return new Widget(name, options);
  }
  this.name = name;
  this.options = Object.assign({}, Widget.defaults, options);
}

Widget.defaults = {
  color: 'blue',
  size: 'medium',
};

/** Render the widget into `el`. */
Widget.prototype.render = function render(el) {
  el.textContent = this.name;
  el.style.color = this.options.color;
  return el;
};

Widget.prototype.destroy = function () {
  this.name = null;
};

Widget.prototype.toString = () => '[object Widget]';

Widget.create = function create(name) {
  return new Widget(name);
};

Object.defineProperty(Widget.prototype, 'label', {
  get: function () {
    return this.name.toUpperCase();
  },
  enumerable: true,
});

var counter = 0;

function nextId(prefix) {
  counter += 1;
  return prefix + counter;
}

var helpers = {
  nextId: nextId,
  clamp(value, lo, hi) {
    return Math.min(hi, Math.max(lo, value));
  },
  format: function (n) {
    return n.toFixed(2);
  },
  get count() {
    return counter;
  },
};

function inherits(Child, Parent) {
  Child.prototype = Object.create(Parent.prototype);
  Child.prototype.constructor = Child;
}

function Button(name) {
  Widget.call(this, name);
}

inherits(Button, Widget);

Button.prototype.click = function () {
  this.emit('click');
};
