// AMD module: the factory holds every definition.
define(['jquery', 'underscore', './templates/row'], function ($, _, rowTemplate) {
  'use strict';

  var DEFAULTS = {
    pageSize: 20,
    sortable: true,
  };

  /**
   * A sortable table view.
   * @param {HTMLElement} el
   */
  function TableView(el, options) {
    this.$el = $(el);
    this.options = _.extend({}, DEFAULTS, options);
    this.rows = [];
  }

  TableView.prototype.render = function () {
    var html = _.map(this.rows, rowTemplate).join('');
    this.$el.html(html);
    return this;
  };

  TableView.prototype.sortBy = function (key) {
    this.rows = _.sortBy(this.rows, key);
    return this.render();
  };

  function formatCell(value) {
    if (value == null) {
      return '';
    }
    return String(value);
  }

  return {
    TableView: TableView,
    formatCell: formatCell,
    create: function (el) {
      return new TableView(el);
    },
  };
});

require(['app/main'], function (main) {
  main.start();
});
