/* Preenche a data de acesso do "Como citar" (ABNT) com a data de hoje do leitor. */
(function () {
  "use strict";
  var meses = ["jan.", "fev.", "mar.", "abr.", "maio", "jun.", "jul.", "ago.", "set.", "out.", "nov.", "dez."];
  var d = new Date(), texto = d.getDate() + " " + meses[d.getMonth()] + " " + d.getFullYear();
  Array.prototype.forEach.call(document.querySelectorAll(".acesso"), function (el) { el.textContent = texto; });
})();
