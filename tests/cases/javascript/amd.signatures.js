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
  function TableView(el, options) { /* … */ }

  TableView.prototype.render = function () { /* … */ };

  TableView.prototype.sortBy = function (key) { /* … */ };

  function formatCell(value) { /* … */ }

  return {
    TableView: TableView,
    formatCell: formatCell,
    create: function (el) { /* … */ },
  };
});

require(['app/main'], function (main) { /* … */ });
