// Sorts the reports table by a column: each sortable header becomes a button; pressing it sorts
// ascending, pressing it again descending. Ties keep the input order. Without script the table
// is in input order and the filter (a checkbox and CSS) still works.
"use strict";
(function () {
  var table = document.getElementById("reports");
  if (!table) {
    return;
  }
  var body = table.tBodies[0];
  var heads = table.tHead.rows[0].cells;
  function value(row, column) {
    var cell = row.cells[column];
    return cell.hasAttribute("data-v") ? cell.getAttribute("data-v") : cell.textContent.trim();
  }
  function compare(a, b) {
    var x = Number(a);
    var y = Number(b);
    if (a !== "" && b !== "" && !isNaN(x) && !isNaN(y)) {
      return x - y;
    }
    return a.localeCompare(b, "nb");
  }
  Array.prototype.forEach.call(heads, function (head, column) {
    var button = document.createElement("button");
    button.type = "button";
    while (head.firstChild) {
      button.appendChild(head.firstChild);
    }
    head.appendChild(button);
    button.addEventListener("click", function () {
      var ascending = head.getAttribute("aria-sort") !== "ascending";
      Array.prototype.forEach.call(heads, function (other) {
        other.removeAttribute("aria-sort");
      });
      head.setAttribute("aria-sort", ascending ? "ascending" : "descending");
      var rows = Array.prototype.slice.call(body.rows);
      rows.sort(function (a, b) {
        var order = compare(value(a, column), value(b, column));
        if (order === 0) {
          return Number(a.getAttribute("data-order")) - Number(b.getAttribute("data-order"));
        }
        return ascending ? order : -order;
      });
      rows.forEach(function (row) {
        body.appendChild(row);
      });
    });
  });
})();
