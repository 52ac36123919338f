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
  function TableView(el, options) { /* … L14-18 */ }

  TableView.prototype.render = function () { /* … L20-24 */ };

  TableView.prototype.sortBy = function (key) { /* … L26-29 */ };

  function formatCell(value) { /* … L31-36 */ }

  return {
    TableView: TableView,
    formatCell: formatCell,
    create: function (el) { /* … L41-43 */ },
  };
});

require(['app/main'], function (main) {
  main.start();
});
