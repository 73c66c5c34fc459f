// tpsbot pages: the table already sorts and filters through links and forms (the server does it);
// this script only does the same in place, without a reload. No dependencies, no external request.
"use strict";
(function () {
  var table = document.querySelector("table.cards");
  if (!table || !table.tBodies.length) { return; }
  var body = table.tBodies[0];
  var count = document.getElementById("count");
  var total = body.rows.length;

  function value(row, col) {
    var cell = row.querySelector('[data-col="' + col + '"]');
    if (!cell) { return ""; }
    var v = cell.getAttribute("data-v");
    return v === null ? cell.textContent : v;
  }

  function sortBy(th) {
    var col = th.getAttribute("data-col");
    var descending = th.getAttribute("aria-sort") !== "descending";
    var numeric = col !== "card" && col !== "release";
    var rows = Array.prototype.slice.call(body.rows);
    rows.sort(function (a, b) {
      var x = value(a, col), y = value(b, col);
      var order = numeric ? (parseFloat(x) || 0) - (parseFloat(y) || 0) : x.localeCompare(y);
      return descending ? -order : order;
    });
    rows.forEach(function (row) { body.appendChild(row); });
    Array.prototype.forEach.call(table.tHead.rows[0].cells, function (cell) { cell.removeAttribute("aria-sort"); });
    th.setAttribute("aria-sort", descending ? "descending" : "ascending");
  }

  Array.prototype.forEach.call(table.tHead.rows[0].cells, function (th) {
    var link = th.querySelector("a");
    if (!link) { return; }
    link.addEventListener("click", function (event) {
      event.preventDefault();
      sortBy(th);
    });
  });

  var search = document.getElementById("filter-q");
  if (search && count) {
    var template = count.getAttribute("data-template") || "";
    var digits = new Intl.NumberFormat(document.documentElement.lang);
    search.addEventListener("input", function () {
      var text = search.value.trim().toLowerCase();
      var shown = 0;
      Array.prototype.forEach.call(body.rows, function (row) {
        var match = !text || (row.getAttribute("data-card") || "").toLowerCase().indexOf(text) !== -1;
        row.classList.toggle("js-hidden", !match);
        if (match) { shown += 1; }
      });
      count.setAttribute("data-shown", String(shown));
      if (template) { count.textContent = template.replace("{shown}", digits.format(shown)); }
    });
  }
  table.setAttribute("data-enhanced", String(total));
})();
