/* Preenche a data de acesso do "Como citar" (ABNT) com a data de hoje do leitor. */
(function () {
  "use strict";
  var meses = ["jan.", "fev.", "mar.", "abr.", "maio", "jun.", "jul.", "ago.", "set.", "out.", "nov.", "dez."];
  var d = new Date(), texto = d.getDate() + " " + meses[d.getMonth()] + " " + d.getFullYear();
  Array.prototype.forEach.call(document.querySelectorAll(".acesso"), function (el) { el.textContent = texto; });
})();

/* "Sua situação": quem chega a uma linha da lista (pela busca ou por um link #i-inscrição) vê, acima da tabela e em
   qualquer largura, um resumo dessa linha e o porquê em palavras. Tudo vem da própria linha (a visão pública);
   nada de comissão entra aqui: os resultados das comissões ficam só nas páginas das comissões, por inscrição. */
(function () {
  "use strict";
  function text(node) { return (node.textContent || "").replace(/\s+/g, " ").trim(); }

  function el(tag, content, attrs) {
    var node = document.createElement(tag);
    if (content) node.textContent = content;
    Object.keys(attrs || {}).forEach(function (k) { node.setAttribute(k, attrs[k]); });
    return node;
  }

  function nominationHref(table, position) {
    var per = +(table.getAttribute("data-por-pagina") || 500), page = Math.ceil(position / per);
    return table.getAttribute("data-cargo") + "nomeacao/" + (page > 1 ? page + "/" : "") + "#n-" + position;
  }

  function why(table, situation) {
    var words = text(situation), m;
    if ((m = /Cadastro de reserva \(projeção\): (\d+)ª posição/.exec(words))) {
      return ["Você está no cadastro de reserva. «Projeção» quer dizer: se surgirem vagas enquanto o concurso " +
        "for válido, as pessoas serão chamadas nesta ordem, calculada com as mesmas regras de reserva de vagas " +
        "e alternância; não é garantia de nomeação. O artigo que fundamenta a posição está na ordem de nomeação.",
        nominationHref(table, +m[1]), "Ver a " + m[1] + "ª posição na ordem de nomeação"];
    }
    if ((m = /Nomeação: (\d+)ª posição/.exec(words))) {
      return ["Você está dentro das vagas: será chamado(a) na " + m[1] + "ª posição da ordem de nomeação, " +
        "no tipo de vaga indicado, pelo artigo citado.", nominationHref(table, +m[1]),
        "Ver a " + m[1] + "ª posição na ordem de nomeação"];
    }
    if (/Desistiu/.test(words)) return ["Consta a sua desistência da nomeação; a vaga passa ao seguinte da mesma lista.", "", ""];
    return ["Você está classificado(a) nesta lista, sem posição na ordem de nomeação publicada.", "", ""];
  }

  function card(row) {
    var table = row.closest("table.lista");
    var old = document.getElementById("sua-situacao");
    if (old) old.parentNode.removeChild(old);
    if (!table || !table.hasAttribute("data-cargo")) return;
    var heads = Array.prototype.map.call(table.querySelectorAll("thead th"), text);
    var cells = Array.prototype.slice.call(row.children);
    var nameCell = row.querySelector("th[scope=row]"), situation = cells[cells.length - 1];
    var box = el("section", "", { id: "sua-situacao", "class": "sua-situacao", "aria-labelledby": "sua-situacao-titulo",
      tabindex: "-1" });
    box.appendChild(el("h2", "Sua situação", { id: "sua-situacao-titulo" }));
    box.appendChild(el("p", (nameCell ? text(nameCell) : "") + " — inscrição " + text(cells[1]), { "class": "quem" }));
    var list = el("dl");
    cells.forEach(function (c, k) {
      if (c === nameCell || c === situation || !heads[k] || k === 1) return;  /* inscrição: already on the first line */
      list.appendChild(el("dt", heads[k]));
      list.appendChild(el("dd", text(c)));
    });
    list.appendChild(el("dt", "Lista"));
    list.appendChild(el("dd", text(table.querySelector("caption"))));
    if (text(situation)) {
      list.appendChild(el("dt", "Situação"));
      var dd = el("dd");
      Array.prototype.forEach.call(situation.childNodes, function (n) { dd.appendChild(n.cloneNode(true)); });
      list.appendChild(dd);
    }
    box.appendChild(list);
    var reason = why(table, situation), p = el("p", reason[0] + " ", { "class": "porque" });
    if (reason[1]) p.appendChild(el("a", reason[2], { href: reason[1] }));
    box.appendChild(p);
    var see = el("p"), a = el("a", "Ver a sua linha na lista", { href: "#" + row.id });
    a.addEventListener("click", function (event) { event.preventDefault(); row.scrollIntoView(); });
    see.appendChild(a);
    box.appendChild(see);
    var wrap = table.closest(".tabela") || table;
    wrap.parentNode.insertBefore(box, wrap);
    return box;
  }

  function fromHash() {
    var id = decodeURIComponent(location.hash.slice(1));
    if (id.indexOf("i-") !== 0) return;
    var row = document.getElementById(id);
    if (!row || row.tagName !== "TR") return;
    var box = card(row);
    if (!box) return;
    /* the answer where the citizen lands: the card, not a row whose "Situação" may sit below the fold */
    function show() { box.scrollIntoView({ block: "start" }); box.focus({ preventScroll: true }); }
    if (document.readyState === "complete") setTimeout(show, 0); else window.addEventListener("load", function () { setTimeout(show, 0); });
  }

  /* "Ir para a minha classificação": leva à página certa de uma lista paginada, à linha dessa classificação. */
  function jump(form) {
    var per = +form.getAttribute("data-por-pagina"), total = +form.getAttribute("data-total");
    var base = form.getAttribute("data-lista"), input = form.querySelector("input"), msg = form.querySelector(".aviso");
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      var n = parseInt(input.value, 10);
      if (!(n >= 1 && n <= total)) { msg.textContent = "Digite um número de 1 a " + total + "."; return; }
      var page = Math.ceil(n / per);
      location.href = base + (page > 1 ? page + "/" : "") + "?classificacao=" + n;
    });
  }

  function fromQuery() {
    var n = new URLSearchParams(location.search).get("classificacao");
    if (!n) return;
    var rows = document.querySelectorAll("table.lista tbody tr");
    for (var k = 0; k < rows.length; k++) {
      if (text(rows[k].children[0]) === String(+n)) {
        if (rows[k].id) { location.replace("#" + rows[k].id); }
        return;
      }
    }
  }

  /* Filtro dos cargos na página do certame, enquanto se digita (sem servidor). */
  function filter(input) {
    var table = document.getElementById(input.getAttribute("aria-controls"));
    var status = document.getElementById(input.getAttribute("data-status"));
    function norm(s) { return s.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase(); }
    input.addEventListener("input", function () {
      var q = norm(input.value.trim()), shown = 0, groups = table.querySelectorAll("tbody");
      Array.prototype.forEach.call(groups, function (g) {
        var any = false;
        Array.prototype.forEach.call(g.querySelectorAll("tr.cargo"), function (tr) {
          var ok = !q || norm(text(tr)).indexOf(q) >= 0;
          tr.hidden = !ok;
          if (ok) { any = true; shown += 1; }
        });
        g.hidden = !any;
      });
      status.textContent = q ? shown + " cargo(s) encontrado(s)." : "";
    });
  }

  function start() {
    Array.prototype.forEach.call(document.querySelectorAll("form.ir-classificacao"), jump);
    Array.prototype.forEach.call(document.querySelectorAll("input.filtro-cargos"), filter);
    Array.prototype.forEach.call(document.querySelectorAll(".js-apenas"), function (n) { n.hidden = false; });
    fromQuery();
    fromHash();
    window.addEventListener("hashchange", fromHash);
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start); else start();
})();
