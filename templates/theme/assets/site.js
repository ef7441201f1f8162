/* Preenche a data de acesso do "Como citar" (ABNT) com a data de hoje do leitor. */
(function () {
  "use strict";
  var meses = ["jan.", "fev.", "mar.", "abr.", "maio", "jun.", "jul.", "ago.", "set.", "out.", "nov.", "dez."];
  var d = new Date(), texto = d.getDate() + " " + meses[d.getMonth()] + " " + d.getFullYear();
  Array.prototype.forEach.call(document.querySelectorAll(".acesso"), function (el) { el.textContent = texto; });
})();

/* "Sua situação": quem chega a uma linha de uma lista (pela busca, por um link permanente #i-inscrição ou vindo de
   outra lista) vê, no alto da lista e em qualquer largura, a sua história inteira: o certame, o cargo e o ato em
   vigor; cada lista em que está, com a classificação; o lugar na ordem de nomeação ou no cadastro e o porquê em
   palavras; o resultado da comissão para a sua inscrição; e cada ato que mudou a sua situação. A linha traz o
   essencial; o resto vem de cartao/<página>.json do cargo (render/site.py _cards), por inscrição e sem nomes, como
   a página da comissão: nenhum arquivo publicado junta o nome ao resultado da comissão (LEGAL-NOTES, leitura 7). */
(function () {
  "use strict";
  function text(node) { return node ? (node.textContent || "").replace(/\s+/g, " ").trim() : ""; }

  function el(tag, content, attrs) {
    var node = document.createElement(tag);
    if (content) node.textContent = content;
    Object.keys(attrs || {}).forEach(function (k) { node.setAttribute(k, attrs[k]); });
    return node;
  }

  /* só endereços do próprio site (os do JSON são relativos à pasta do cargo) */
  function safe(href, base) {
    try {
      var u = new URL(href, base);
      return u.protocol === "http:" || u.protocol === "https:" ? u.href : "";
    } catch (e) { return ""; }
  }

  function link(label, href, base) {
    var url = href ? safe(href, base) : "";
    return url ? el("a", label, { href: url }) : el("span", label);
  }

  function para(parts, attrs) {  /* parts: strings and nodes */
    var p = el("p", "", attrs);
    parts.forEach(function (x) { if (x) p.appendChild(typeof x === "string" ? document.createTextNode(x) : x); });
    return p;
  }

  function head(table) {
    try { return JSON.parse(table.getAttribute("data-cartao") || "{}"); } catch (e) { return {}; }
  }

  function nominationHref(table, position) {
    var per = +(table.getAttribute("data-por-pagina") || 500), page = Math.ceil(position / per);
    return table.getAttribute("data-cargo") + "nomeacao/" + (page > 1 ? page + "/" : "") + "#n-" + position;
  }

  /* «pelo Edital …», «pela Portaria …»: o gênero do título vem do JSON (`genero`, só quando feminino: o que
     certame.toml declara em titulo_genero ou a primeira palavra do título, labels.is_feminine), como no «Como
     citar» (render/cite.correction_note); sem ele, masculino. */
  function fem(a) { return a && a.genero === "feminino"; }
  function by(a) { return (fem(a) ? "pela " : "pelo ") + a.titulo; }
  function the(a) { return (fem(a) ? "a " : "o ") + a.titulo; }

  /* a convocação para nomeação (a de uma etapa, leitura 18 de LEGAL-NOTES, não ocupa posição) */
  function nominationCall(a) { return a.tipo === "convocacao" && !a.etapa; }

  function called(situation, extra) {
    return (extra.atos || []).some(nominationCall) || /Convocad[oa] pel[oa]/.test(text(situation));
  }

  /* O lugar na ordem de nomeação, em palavras; nunca «será chamado(a)» para quem já foi convocado(a). */
  function why(table, situation, extra, base) {
    var words = text(situation), m, n = extra.nomeacao, call = (extra.atos || []).filter(nominationCall).pop();
    if (/Desistiu/.test(words)) return ["Consta a sua desistência da nomeação; a vaga passa ao seguinte da mesma lista.", "", ""];
    if (call) {
      var after = (extra.atos || []).slice((extra.atos || []).indexOf(call) + 1).filter(function (a) {
        return a.texto; }).map(function (a) { return " Depois: " + a.texto; }).join("");
      return ["Você foi convocado(a) " + by(call) + ", de " + call.data_curta + ", para a " + call.posicao +
        " posição da ordem de nomeação, vaga " + call.vaga + " (" + call.fundamento + ")." + after,
        safe(call.href, base), "Ver " + the(call)];
    }
    if (called(situation, extra)) {
      return ["Você foi convocado(a): o ato e a posição estão na sua situação, acima.", "", ""];
    }
    var reason = "";
    if (!n && /(Nomeação|Cadastro de reserva)/.test(words)) {  /* the row says it all: its vacancy words give the reason */
      n = { motivo: /vaga reservada/.test(words) ? "reserva" : "ampla", fundamento: "" };
    }
    if (n) {
      reason = n.motivo === "reserva" ? " É uma vaga reservada: você a ocupa pela sua classificação na lista " +
        "específica, na vez que a alternância das reservas dá a essa lista." :
        n.motivo === "reversao" ? " É uma vaga reservada que não teve candidato apto e voltou à ampla concorrência: " +
        "você a ocupa pela sua classificação na lista geral." :
        n.motivo === "minimo" ? " É uma vaga do mínimo que o edital garante ao grupo: as pessoas do grupo nomeadas " +
        "pela ampla concorrência não bastaram para atingi-lo." :
        " É uma vaga de ampla concorrência: você a ocupa pela sua classificação na lista geral.";
      if (n.fundamento) reason += " Fundamento: " + n.fundamento + ".";
    }
    if ((m = /Cadastro de reserva \(projeção\): (\d+)ª posição/.exec(words)) || (n && n.cadastro)) {
      var k = m ? +m[1] : n.posicao;
      return ["Você está no cadastro de reserva, na " + k + "ª posição da ordem de nomeação. «Projeção» quer dizer: " +
        "se surgirem vagas enquanto o concurso for válido, as pessoas serão chamadas nesta ordem, calculada com as " +
        "mesmas regras de reserva de vagas e alternância; não é garantia de nomeação." + reason,
        nominationHref(table, k), "Ver a " + k + "ª posição na ordem de nomeação"];
    }
    if ((m = /Nomeação: (\d+)ª posição/.exec(words)) || (n && n.posicao)) {
      var j = m ? +m[1] : n.posicao;
      return ["Você está dentro das vagas, na " + j + "ª posição da ordem de nomeação: a nomeação vem por um edital " +
        "de convocação, nesta ordem, durante a validade do concurso." + reason, nominationHref(table, j),
        "Ver a " + j + "ª posição na ordem de nomeação"];
    }
    return ["Você está classificado(a) nesta lista, sem posição na ordem de nomeação publicada.", "", ""];
  }

  var CHANGE = { classificacao: "classificação na lista geral", nota: "nota", nomeacao: "ordem de nomeação",
    eliminacao: "eliminação", inclusao: "inclusão nas listas", exclusao: "exclusão das listas" };

  function changeText(c) {
    var what = CHANGE[c[0]] || (c[0].indexOf("lista_") === 0 ? "classificação na lista específica (" +
      c[0].slice(6) + ")" : c[0]);
    if (c[0] === "inclusao") return "incluído(a) nas listas";
    if (c[0] === "exclusao") return "excluído(a) das listas";
    var ord = /^\d+$/;
    function v(x) { return x === null ? "" : ord.test(x) ? x + "º" : x; }
    if (c[1] === null) return what + ": passa a " + v(c[2]);
    if (c[2] === null) return what + ": deixa de constar (era " + v(c[1]) + ")";
    return what + ": de " + v(c[1]) + " para " + v(c[2]);
  }

  function section(box, title) { box.appendChild(el("h3", title)); }

  function card(row) {
    var table = row.closest("table.lista");
    var old = document.getElementById("sua-situacao");
    if (old) old.parentNode.removeChild(old);
    if (!table || !table.hasAttribute("data-cargo")) return;
    var info = head(table), base = new URL(table.getAttribute("data-cargo"), location.href).href;
    var heads = Array.prototype.map.call(table.querySelectorAll("thead th"), text);
    var cells = Array.prototype.slice.call(row.children);
    var nameCell = row.querySelector("th[scope=row]"), situation = cells[cells.length - 1];
    var box = el("section", "", { id: "sua-situacao", "class": "sua-situacao", "aria-labelledby": "sua-situacao-titulo",
      tabindex: "-1", "aria-busy": "true" });
    box.appendChild(el("h2", "Sua situação", { id: "sua-situacao-titulo" }));
    if (info.certame) {
      box.appendChild(para([link(info.certame, info.certame_href, base), " · Cargo " + info.cargo], { "class": "contexto" }));
    }
    if (info.ato) {
      var parts = [info.previa ? "Prévia (não publicada): " : "Ato em vigor: ", link(info.ato.titulo, info.ato.href, base),
        ", de " + info.ato.data_curta];
      (info.retificacoes || []).forEach(function (r, k) {
        parts.push((k ? ", e " : ", retificado para este cargo ") + (fem(r) ? "pela " : "pelo "), link(r.titulo, r.href, base),
          ", de " + r.data_curta);
      });
      parts.push(".");
      box.appendChild(para(parts, { "class": "ato-vigente" }));
    }
    box.appendChild(el("p", (nameCell ? text(nameCell) : "") + " — inscrição " + text(cells[1]), { "class": "quem" }));
    var list = el("dl");
    cells.forEach(function (c, k) {
      if (c === nameCell || c === situation || !heads[k] || k === 1 || !text(c)) return;  /* inscrição: already on the first line */
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
    var rest = el("div", "", { "class": "historia" });
    box.appendChild(rest);
    var see = el("p", "", { "class": "links" }), a = el("a", "Ver a sua linha na lista", { href: "#" + row.id });
    a.addEventListener("click", function (event) { event.preventDefault(); row.scrollIntoView(); });
    see.appendChild(a);
    see.appendChild(document.createTextNode(" · "));
    see.appendChild(el("a", "Link permanente desta situação", { href: location.href.split("#")[0] + "#" + row.id }));
    box.appendChild(see);
    story(rest, table, row, situation, {}, base);
    var wrap = table.closest(".tabela") || table;
    wrap.parentNode.insertBefore(box, wrap);
    var general = generalRank(table, heads, cells), per = +(table.getAttribute("data-por-pagina") || 500);
    var reg = text(cells[1]);
    if (!general || !window.fetch) { box.removeAttribute("aria-busy"); box.setAttribute("data-completo", ""); return box; }
    fetch(base + "cartao/" + Math.ceil(general / per) + ".json")
      .then(function (r) { return r.ok ? r.json() : { pessoas: {} }; })
      .then(function (data) { return expand(data, reg); }, function () { return {}; })
      .then(function (extra) {
        if (!box.isConnected) return;
        rest.textContent = "";
        story(rest, table, row, situation, extra, base);
        box.removeAttribute("aria-busy");
        box.setAttribute("data-completo", "");
      });
    return box;
  }

  /* cartao/<n>.json (render/site.py _cards, formato 1) → what story() reads: list titles and bases are given once
     per file; links to a list's or the nomination order's page come from the rank */
  function expand(data, reg) {
    var p = (data.pessoas || {})[reg] || {}, bases = data.fundamentos || [], titles = data.listas || {};
    var per = +data.por_pagina || 500, out = { atos: p.atos || [] };
    function page(rank) { var k = Math.ceil(rank / per); return k > 1 ? k + "/" : ""; }
    function basis(k) { var b = k === null || k === undefined ? null : bases[k]; return b || ["", null]; }
    if (p.listas) {
      out.listas = p.listas.map(function (l) {
        return { titulo: titles[l[0]] || l[0], classificacao: l[1], href: l[0] + "/" + page(l[1]) + "#i-" + reg };
      });
    }
    if (p.nomeacao) {
      var b = basis(p.nomeacao.fundamento);
      out.nomeacao = { posicao: p.nomeacao.posicao, motivo: p.nomeacao.motivo, cadastro: p.nomeacao.cadastro,
        fundamento: b[0], fundamento_href: b[1] };
    }
    if (p.comissao) {
      out.comissao = p.comissao.map(function (c) {
        var b = basis(c.fundamento);
        return { procedimento: c.procedimento, resultado: c.resultado, efeito: c.efeito, efeito_texto: c.efeito_texto,
          fundamento: b[0], fundamento_href: b[1], href: c.href };
      });
    }
    return out;
  }

  /* a classificação geral da pessoa: a primeira coluna da lista geral, ou a coluna «Classif. geral» de uma lista
     específica; dá o arquivo cartao/<página>.json em que ela está */
  function generalRank(table, heads, cells) {
    var k = heads.indexOf("Classif. geral");
    if (k < 0 && table.classList.contains("lista-geral")) k = 0;
    var n = k >= 0 ? parseInt(text(cells[k]).replace(/\D/g, ""), 10) : NaN;
    return n > 0 ? n : 0;
  }

  function story(rest, table, row, situation, extra, base) {
    if (extra.listas && extra.listas.length) {
      section(rest, "Listas em que você está");
      var ul = el("ul");
      extra.listas.forEach(function (l) {
        var li = el("li");
        li.appendChild(document.createTextNode(l.classificacao + "º — "));
        li.appendChild(link(l.titulo, l.href, base));
        ul.appendChild(li);
      });
      rest.appendChild(ul);
    }
    section(rest, "Ordem de nomeação");
    var reason = why(table, situation, extra, base), p = el("p", reason[0] + " ", { "class": "porque" });
    if (reason[1]) p.appendChild(el("a", reason[2], { href: reason[1] }));
    rest.appendChild(p);
    if (extra.comissao && extra.comissao.length) {
      section(rest, "Comissão de verificação");
      extra.comissao.forEach(function (c) {
        var effect = c.efeito === "sai_da_reserva" ?
          "O resultado «" + c.resultado + "» tirou você da reserva de vagas: você saiu da lista específica e segue " +
          "na lista geral, pela ampla concorrência" :
          c.efeito === "elimina" ? "O resultado «" + c.resultado + "» elimina do concurso" :
          c.efeito === "mantem" ? "Com isso, você continua concorrendo às vagas reservadas" :
          (c.efeito_texto ? "Efeito: " + c.efeito_texto : "");
        var parts = [c.procedimento.charAt(0).toUpperCase() + c.procedimento.slice(1) + ", para a sua inscrição: " +
          c.resultado + ". ", effect];
        if (c.fundamento) parts.push(" — ", link(c.fundamento, c.fundamento_href, base));
        parts.push(". ", link("Ver na página da comissão", c.href, base));
        rest.appendChild(para(parts, { "class": "comissao" }));
      });
    }
    if (extra.atos && extra.atos.length) {
      section(rest, "Atos que mudaram a sua situação");
      var acts = el("ul", "", { "class": "atos-pessoa" });
      extra.atos.forEach(function (a) {
        var li = el("li");
        li.appendChild(link(a.titulo, a.href, base));
        li.appendChild(document.createTextNode(", de " + a.data_curta + ": "));
        if (a.tipo === "convocacao") {
          li.appendChild(document.createTextNode(a.etapa ? "convocado(a) para a etapa «" + a.etapa + "» (não é " +
            "nomeação: não ocupa posição da ordem de nomeação)." : "convocado(a) para a " + a.posicao + " posição, vaga " +
            a.vaga + "."));
          (a.apresentacao || []).forEach(function (item) {  /* as the act prints them: place, dates, deadline… */
            var words = item.rotulo + ": " + item.texto;
            li.appendChild(el("span", " " + words + (/[.]$/.test(words) ? "" : "."), { "class": "apresentacao" }));
          });
        } else if (a.mudancas) {
          li.appendChild(document.createTextNode(a.mudancas.map(changeText).join("; ") + "."));
        } else {
          li.appendChild(document.createTextNode(a.texto || ""));
        }
        acts.appendChild(li);
      });
      rest.appendChild(acts);
    }
    section(rest, "O que vem depois");
    rest.appendChild(el("p", next(situation, extra), { "class": "depois" }));
  }

  function next(situation, extra) {
    var words = text(situation), n = extra.nomeacao;
    var call = (extra.atos || []).filter(nominationCall).pop();
    var stage = (extra.atos || []).filter(function (a) { return a.tipo === "convocacao" && a.etapa; }).pop();
    var last = (extra.atos || []).slice(-1)[0];
    if (/Desistiu/.test(words) || (last && last.tipo === "desistencia")) {
      return "Nada mais a fazer neste cargo: a desistência está registrada.";
    }
    if (last && (last.tipo === "sem_efeito" || last.tipo === "anulacao")) {
      return "A nomeação deixou de valer " + by(last) + "; a vaga passa ao seguinte da mesma lista. Dúvidas " +
        "sobre o ato: o órgão que o publicou.";
    }
    if (call) {
      return "Siga " + the(call) + ": " + ((call.apresentacao || []).length ?
        "apresente-se no prazo e no local indicados acima" : "o prazo, o local e os documentos estão no texto do edital") +
        ". Depois vêm a posse e o exercício, publicados em atos próprios.";
    }
    if (called(situation, extra)) return "Siga o edital de convocação indicado na sua situação.";
    if (stage) {
      return "Apresente-se para a etapa «" + stage.etapa + "» como diz " + the(stage) + (stage.apresentacao ?
        " (local, prazo e documentos acima)" : "") + ". A etapa não é nomeação: a sua posição na ordem de nomeação " +
        "continua a mesma.";
    }
    if ((n && n.cadastro) || /Cadastro de reserva/.test(words)) {
      return "Se surgirem vagas durante a validade do concurso, a convocação seguirá a ordem publicada; cada edital " +
        "de convocação sai neste site e no diário oficial. Acompanhe pelo feed do cargo.";
    }
    if (n || /Nomeação:/.test(words)) {
      return "O próximo passo é um edital de convocação, publicado neste site e no diário oficial, com o prazo, o " +
        "local e os documentos. Acompanhe pelo feed do cargo.";
    }
    return "Sem posição na ordem de nomeação, você só é chamado(a) se a lista andar além do que foi publicado, por " +
      "novo ato. Acompanhe pelo feed do cargo.";
  }

  function fromHash() {
    var id = decodeURIComponent(location.hash.slice(1));
    if (id.indexOf("i-") !== 0) return;
    var row = document.getElementById(id);
    if (!row || row.tagName !== "TR") return;
    var box = card(row);
    if (!box) return;
    /* the answer where the citizen lands: the card, which names the exam and the cargo at its top */
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
