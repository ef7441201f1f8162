/* Busca do gazeta: índice estático em fragmentos (generator/render/search.py). Sem bibliotecas, sem requisições externas. */
(function (global) {
  "use strict";
  var SEP = "\t", END = "\uffff", MAX_SHARDS = 2, MAX_RESULTS = 50;
  /* Partículas dos nomes: não são indexadas (search.PARTICLES), só conferidas nos resultados. */
  var PARTICLES = ["da", "das", "de", "des", "do", "dos", "e"];

  /* Mesma normalização de search.normalize: sem acentos, minúsculas, só letras e números. */
  function normalize(text) {
    return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, " ").trim().replace(/ +/g, " ");
  }

  /* Os dois primeiros caracteres da chave, como search.bucket. */
  function bucket(key) {
    var out = "", chars = Array.from(key).slice(0, 2);
    chars.forEach(function (ch) {
      out += (ch >= "a" && ch <= "z") || (ch >= "0" && ch <= "9") ? ch : "_" + ch.codePointAt(0).toString(16);
    });
    return out || "_";
  }

  /* Índice do último elemento <= chave (-1 se nenhum). */
  function lastAtMost(list, key, strict) {
    var lo = 0, hi = list.length;
    while (lo < hi) {
      var mid = (lo + hi) >> 1;
      if (strict ? list[mid] < key : list[mid] <= key) lo = mid + 1; else hi = mid;
    }
    return lo - 1;
  }

  /* Fragmentos que cobrem as chaves em [lo, hi). */
  function span(directory, lo, hi) {
    var first = Math.max(0, lastAtMost(directory, lo, false));
    var last = lastAtMost(directory, hi, true);
    return last < first ? null : { first: first, last: last };
  }

  function Engine(base, fetchJson) {
    this.base = base;
    this.fetchJson = fetchJson;
    this.cache = {};
  }

  Engine.prototype.get = function (path) {
    if (!this.cache[path]) this.cache[path] = this.fetchJson(this.base + path);
    return this.cache[path];
  };

  Engine.prototype.directory = function (kind, name) {
    var self = this;
    return this.get(kind + "/buckets.json").then(function (buckets) {
      return buckets.indexOf(name) < 0 ? [] : self.get(kind + "/" + name + ".json");
    });
  };

  /* Planos de consulta: cada um é um intervalo de chaves num balde; escolhe-se o que cobre menos fragmentos. */
  function plans(query) {
    var tokens = normalize(query).split(" ").filter(Boolean);
    var digits = tokens.length > 0 && tokens.every(function (t) { return /^\p{N}+$/u.test(t); });
    if (digits || (tokens.length === 1 && /\p{N}/u.test(tokens[0]))) {
      var reg = tokens.join("");
      return { kind: "r", tokens: [reg], list: [{ lo: reg, hi: reg + END }] };
    }
    var list = [], usable = tokens.filter(function (t) {
      return Array.from(t).length >= 2 && PARTICLES.indexOf(t) < 0;
    });
    /* O nome começa pela consulta inteira: "maria da silva" → chave "maria⇥maria da silva…". */
    if (tokens.length > 1 && usable.indexOf(tokens[0]) === 0) {
      var whole = tokens[0] + SEP + tokens.join(" ");
      list.push({ lo: whole, hi: whole + END, narrow: true });
    }
    usable.slice().sort(function (a, b) { return b.length - a.length; }).slice(0, 3).forEach(function (t) {
      var i = tokens.indexOf(t);
      list.push({ lo: t, hi: t + END });
      /* Um sobrenome, e o nome começando pela primeira palavra: "silva⇥maria…". */
      if (i > 0) list.push({ lo: t + SEP + tokens[0], hi: t + SEP + tokens[0] + END, narrow: true });
    });
    return { kind: "n", tokens: tokens, list: list };
  }

  function matches(plan, posting) {
    if (plan.kind === "r") return posting[0].indexOf(plan.tokens[0]) === 0;
    var words = normalize(posting[1]).split(" ");
    return plan.tokens.every(function (t) {
      return words.some(function (w) { return w.indexOf(t) === 0; });
    });
  }

  Engine.prototype.run = function (plan, choice) {
    var self = this, b = bucket(choice.lo);
    return this.directory(plan.kind, b).then(function (dir) {
      var s = span(dir, choice.lo, choice.hi);
      if (!s) return { results: [], more: false };
      var last = Math.min(s.last, s.first + MAX_SHARDS - 1), wanted = [];
      for (var i = s.first; i <= last; i++) wanted.push(self.get(plan.kind + "/" + b + "-" + i + ".json"));
      return Promise.all(wanted).then(function (shards) {
        var seen = {}, results = [];
        shards.forEach(function (shard) {
          shard.forEach(function (p) {
            var key = plan.kind === "r" ? p[0] : p[0] + SEP + normalize(p[1]);
            if (key < choice.lo || key >= choice.hi || !matches(plan, p)) return;
            var id = p[2] + "|" + p[3];
            if (!seen[id]) { seen[id] = true; results.push(p); }
          });
        });
        return { results: results, more: s.last > last };
      });
    });
  };

  /* Consulta completa: devolve {results: [[chave, nome, inscrição, cargo, página]], more, cargos}. */
  Engine.prototype.search = function (query) {
    var self = this, plan = plans(query);
    if (!plan.list.length) return Promise.resolve({ results: [], more: false, cargos: [] });
    var names = plan.list.map(function (c) { return bucket(c.lo); });
    return Promise.all(names.map(function (n) { return self.directory(plan.kind, n); })).then(function (dirs) {
      var ranked = plan.list.map(function (c, k) {
        var s = span(dirs[k], c.lo, c.hi);
        return { choice: c, cost: s ? s.last - s.first : -1 };
      }).sort(function (x, y) { return x.cost - y.cost || (y.choice.narrow ? 1 : 0) - (x.choice.narrow ? 1 : 0); });
      /* Tenta o plano mais estreito; se nada achar, o seguinte (duas tentativas: o orçamento é de 300 kB). */
      function attempt(k) {
        return self.run(plan, ranked[k].choice).then(function (found) {
          if (found.results.length || k + 1 >= Math.min(ranked.length, 2)) return found;
          return attempt(k + 1);
        });
      }
      return attempt(0);
    }).then(function (found) {
      return self.get("cargos.json").then(function (table) {
        found.cargos = table.cargos;
        found.exams = table.certames;
        return found;
      });
    });
  };

  function link(root, cargos, p) {
    var cargo = cargos[p[3]];
    if (p[4] < 0) return root + cargo[2] + "eliminados/" + (p[4] < -1 ? -p[4] + "/" : "") + "#e-" + encodeURIComponent(p[2]);
    return root + cargo[0] + (p[4] > 1 ? p[4] + "/" : "") + "#i-" + encodeURIComponent(p[2]);
  }

  function el(tag, text, attrs) {
    var node = document.createElement(tag);
    if (text) node.textContent = text;
    Object.keys(attrs || {}).forEach(function (k) { node.setAttribute(k, attrs[k]); });
    return node;
  }

  function show(root, out, status, found) {
    out.textContent = "";
    var n = found.results.length;
    found.results.slice(0, MAX_RESULTS).forEach(function (p) {
      var label = p[1] || (p[4] < 0 ? "Inscrição " + p[2] + " (eliminada)" : "Inscrição " + p[2]);
      var item = el("li"), a = el("a", label, { href: link(root, found.cargos, p) });
      item.appendChild(a);
      var cargo = found.cargos[p[3]];
      item.appendChild(el("span", " — inscrição " + p[2] + " — " + cargo[1] + " (" + found.exams[cargo[3]] + ")",
        { "class": "onde" }));
      out.appendChild(item);
    });
    var msg = n === 0 ? "Nenhum resultado." : n === 1 ? "1 resultado." : n + " resultados.";
    if (n > MAX_RESULTS) msg += " Mostrando os " + MAX_RESULTS + " primeiros.";
    if (found.more) msg += " Há mais resultados: digite o nome completo ou a inscrição para refinar.";
    status.textContent = msg;
  }

  function start() {
    var form = document.getElementById("busca-form");
    if (!form || !global.fetch) return;
    var root = form.getAttribute("data-root"), input = form.querySelector("input[name=q]");
    var out = document.getElementById("busca-resultados"), status = document.getElementById("busca-status");
    var engine = new Engine(root + "busca/", function (url) {
      return fetch(url).then(function (r) { if (!r.ok) throw new Error(url); return r.json(); });
    });
    document.documentElement.classList.add("js");
    function go(event) {
      if (event) event.preventDefault();
      var q = input.value;
      if (normalize(q).length < 2) { status.textContent = "Digite ao menos dois caracteres."; out.textContent = ""; return; }
      status.textContent = "Buscando…";
      engine.search(q).then(function (found) { show(root, out, status, found); },
        function () { status.textContent = "Não foi possível carregar o índice de busca."; });
    }
    form.addEventListener("submit", go);
    var initial = new URLSearchParams(global.location.search).get("q");
    if (initial) { input.value = initial; go(); }
  }

  if (typeof module !== "undefined" && module.exports) {
    module.exports = { normalize: normalize, bucket: bucket, plans: plans, span: span, Engine: Engine,
      PARTICLES: PARTICLES };
  } else if (typeof document !== "undefined") {
    if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start); else start();
  }
})(typeof window !== "undefined" ? window : globalThis);
