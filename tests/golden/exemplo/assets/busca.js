/* Busca do gazeta: índice estático em fragmentos (generator/render/search.py). Sem bibliotecas, sem requisições externas. */
(function (global) {
  "use strict";
  var END = "\uffff", MAX_SHARDS = 6, PAGE = 20, MAX_TOKENS = 4;
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
    this.fetched = 0; /* fragmentos (shards) baixados: o orçamento de uma consulta */
  }

  Engine.prototype.get = function (path) {
    var cache = this.cache, url = this.base + path; /* pelo endereço inteiro: segmentos dividem o cache */
    if (!cache[url]) {
      cache[url] = this.fetchJson(url).catch(function (error) {
        delete cache[url]; /* uma falha de rede não fica guardada: a próxima busca tenta de novo */
        throw error;
      });
    }
    return cache[url];
  };

  Engine.prototype.directory = function (kind, name) {
    var self = this;
    return this.get(kind + "/buckets.json").then(function (buckets) {
      var known = Array.isArray(buckets) ? buckets.indexOf(name) >= 0 : Object.prototype.hasOwnProperty.call(buckets, name);
      return known ? self.get(kind + "/" + name + ".json") : [];
    });
  };

  /* Chave de inscrição: letras e números, sem zeros à esquerda (search.registration_key). */
  function registrationKey(text) {
    var key = normalize(text).replace(/ /g, ""), bare = key.replace(/^0+/, "");
    return bare || key.slice(-1);
  }

  /* Planos de consulta: cada um é um intervalo de chaves que contém TODOS os nomes que a consulta pode achar.
     n: uma palavra ou começo de palavra ("soar" → Soares); p: uma palavra inteira seguida de outra palavra ou
     começo de palavra ("batista gomes", "gomes bat"), só para palavras comuns (search._pair_postings). */
  function plans(query) {
    var tokens = normalize(query).split(" ").filter(Boolean);
    var digits = tokens.length > 0 && tokens.every(function (t) { return /^\p{N}+$/u.test(t); });
    if (digits || (tokens.length === 1 && /\p{N}/u.test(tokens[0]))) {
      var reg = registrationKey(query);
      return { kind: "r", tokens: [reg], list: [{ kind: "r", lo: reg, hi: reg + END, whole: true }] };
    }
    var usable = [];
    tokens.forEach(function (t) {
      if (Array.from(t).length >= 2 && PARTICLES.indexOf(t) < 0 && usable.indexOf(t) < 0) usable.push(t);
    });
    usable = usable.sort(function (a, b) { return b.length - a.length; }).slice(0, MAX_TOKENS);
    var list = usable.map(function (t) { return { kind: "n", lo: t, hi: t + END, whole: true }; });
    usable.forEach(function (a) {
      usable.forEach(function (b) {
        if (a !== b) list.push({ kind: "p", lo: a + " " + b, hi: a + " " + b + END, whole: false, first: a, other: b });
      });
    });
    return { kind: "n", tokens: tokens, list: list };
  }

  function matches(plan, posting) {
    if (plan.kind === "r") return registrationKey(posting[1]).indexOf(plan.tokens[0]) === 0;
    var words = normalize(posting[0]).split(" ");
    return plan.tokens.every(function (t) {
      return words.some(function (w) { return w.indexOf(t) === 0; });
    });
  }

  /* Qualidade do acerto: 0 nome idêntico, 1 todas as palavras inteiras na ordem, 2 inteiras, 3 começos. */
  function quality(plan, posting) {
    if (plan.kind === "r") return registrationKey(posting[1]) === plan.tokens[0] ? 0 : 3;
    var name = normalize(posting[0]), words = name.split(" "), q = plan.tokens;
    if (name === q.join(" ")) return 0;
    var whole = q.every(function (t) { return words.indexOf(t) >= 0; });
    if (!whole) return 3;
    var last = -1, ordered = q.every(function (t) { var i = words.indexOf(t, last + 1); last = i; return i >= 0; });
    return ordered ? 1 : 2;
  }

  /* Lê os próximos fragmentos de um intervalo, até `budget`, e acrescenta os acertos novos a `found`. */
  Engine.prototype.read = function (plan, step, found, budget) {
    var self = this, wanted = [], to = Math.min(step.last, step.next + budget - 1);
    for (var i = step.next; i <= to; i++) wanted.push(self.get(step.choice.kind + "/" + step.bucket + "-" + i + ".json"));
    self.fetched += wanted.length;
    step.next = to + 1;
    return Promise.all(wanted).then(function (shards) {
      shards.forEach(function (shard) {
        shard.forEach(function (p) {
          var id = p[2] + "|" + p[1];
          if (!found.seen[id] && matches(plan, p)) { found.seen[id] = true; found.results.push(p); }
        });
      });
    });
  };

  /* Lê os intervalos de uma opção, em ordem, dentro do orçamento; os que sobram ficam pendentes. */
  Engine.prototype.readAll = function (plan, steps, found) {
    var self = this;
    function next(k) {
      if (k >= steps.length) return Promise.resolve();
      var budget = MAX_SHARDS - self.fetched;
      if (budget <= 0) { found.pending = steps.slice(k); return Promise.resolve(); }
      return self.read(plan, steps[k], found, budget).then(function () {
        if (steps[k].next <= steps[k].last) { found.pending = steps.slice(k); return; }
        return next(k + 1);
      });
    }
    return next(0);
  };

  /* Opções completas: um intervalo de palavra (n: todo nome com uma palavra que começa assim), ou os dois pares
     de duas palavras comuns (a b…) e (b a…): todo nome em que ao menos uma das duas está inteira. Lê-se a mais
     barata; se uma opção de pares nada acha (as duas palavras eram começos), a palavra mais barata em seguida. */
  Engine.prototype.search = function (query) {
    var self = this, plan = plans(query);
    var found = { results: [], seen: {}, plan: plan, pending: null, cargos: [], exams: [] };
    if (!plan.list.length) return Promise.resolve(found);
    /* Tudo o que não depende de outro arquivo sai de uma vez (cada ida e volta custa ~0,6 s num 3G): a tabela de
       cargos que finish() usa e os diretórios de cada tipo de chave; os pares só quando a consulta os tem. */
    this.get("cargos.json").catch(function () {});
    plan.list.forEach(function (c) { if (c.kind !== "p") self.get(c.kind + "/buckets.json").catch(function () {}); });
    var pairs = plan.list.some(function (c) { return c.kind === "p"; });
    return (pairs ? this.get("p/buckets.json") : Promise.resolve({})).then(function (paired) {
      plan.list = plan.list.filter(function (c) {
        return c.kind !== "p" || ((paired[bucket(c.first)] || []).indexOf(c.first) >= 0 &&
          (paired[bucket(c.other)] || []).indexOf(c.other) >= 0);
      });
      return Promise.all(plan.list.map(function (c) { return self.directory(c.kind, bucket(c.lo)); }));
    }).then(function (dirs) {
      var steps = {}, options = [];
      plan.list.forEach(function (c, k) {
        var s = span(dirs[k], c.lo, c.hi);
        steps[c.kind + c.lo] = s ? { choice: c, bucket: bucket(c.lo), first: s.first, last: s.last, next: s.first }
          : null;
      });
      function cost(list) { return list.reduce(function (n, st) { return n + (st ? st.last - st.first + 1 : 0); }, 0); }
      plan.list.forEach(function (c) {
        if (c.kind === "n" || c.kind === "r") options.push({ words: true, steps: [steps[c.kind + c.lo]] });
        else if (c.first < c.other) {
          options.push({ words: false, steps: [steps["p" + c.lo], steps["p" + c.other + " " + c.first]] });
        }
      });
      options.forEach(function (o) { o.steps = o.steps.filter(Boolean); o.cost = cost(o.steps); });
      options.sort(function (x, y) { return x.cost - y.cost || (y.words ? 1 : 0) - (x.words ? 1 : 0); });
      var first = options[0], fallback = options.filter(function (o) { return o.words; })[0];
      return self.readAll(plan, first.steps, found).then(function () {
        if (found.results.length || found.pending || first.words || !fallback) return;
        return self.readAll(plan, fallback.steps, found);
      });
    }).then(function () { return self.finish(found); });
  };

  /* Mais acertos dos intervalos que ficaram pela metade. */
  Engine.prototype.more = function (found) {
    var self = this, steps = found.pending;
    if (!steps) return Promise.resolve(found);
    found.pending = null;
    this.fetched = 0;
    return this.readAll(found.plan, steps, found).then(function () { return self.finish(found); });
  };

  function order(plan) {
    return function (a, b) {
      return quality(plan, a) - quality(plan, b) || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0) ||
        a[2] - b[2] || (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0);
    };
  }

  Engine.prototype.finish = function (found) {
    return this.get("cargos.json").then(function (table) {
      found.cargos = table.cargos;
      found.exams = table.certames;
      found.results.sort(order(found.plan));
      return found;
    });
  };

  /* Vários segmentos do índice (search.py: um certame nacional tem o seu, os demais dividem um): cada consulta vai
     a todos ao mesmo tempo e os acertos se juntam, com os números de cargo e de certame de cada segmento
     deslocados para uma tabela só. Com um segmento, é o próprio Engine. */
  function Segments(base, segments, fetchJson) {
    this.engines = segments.map(function (s) { return new Engine(base + s, fetchJson); });
  }

  Segments.prototype.merge = function (parts) {
    var merged = { results: [], cargos: [], exams: [], plan: parts[0].plan, pending: null, parts: parts };
    parts.forEach(function (f) {
      var cargoShift = merged.cargos.length, examShift = merged.exams.length;
      (f.exams || []).forEach(function (e) { merged.exams.push(e); });
      (f.cargos || []).forEach(function (c) { merged.cargos.push([c[0], c[1], c[2], c[3] + examShift]); });
      f.results.forEach(function (p) {
        var q = p.slice();
        q[2] = p[2] + cargoShift;
        merged.results.push(q);
      });
      if (f.pending) merged.pending = true;
    });
    merged.results.sort(order(merged.plan));
    return merged;
  };

  Segments.prototype.search = function (query) {
    var self = this;
    return Promise.all(this.engines.map(function (e) { return e.search(query); })).then(function (parts) {
      return self.merge(parts);
    });
  };

  Segments.prototype.more = function (found) {
    var self = this;
    return Promise.all(this.engines.map(function (e, k) {
      var part = found.parts[k];
      return part.pending ? e.more(part) : Promise.resolve(part);
    })).then(function (parts) { return self.merge(parts); });
  };

  function link(root, cargos, p) {
    var cargo = cargos[p[2]];
    if (p[3] < 0) return root + cargo[2] + "eliminados/" + (p[3] < -1 ? -p[3] + "/" : "") + "#e-" + encodeURIComponent(p[1]);
    return root + cargo[0] + (p[3] > 1 ? p[3] + "/" : "") + "#i-" + encodeURIComponent(p[1]);
  }

  /* A situação em palavras, a partir do código do índice (search.SearchIndex.add). */
  function situation(p) {
    if (p[3] < 0) return "Eliminado(a) do certame.";
    var out = p[4] ? p[4] + "º na lista geral" : "", code = p[5] || "", n = code.slice(1);
    if (code[0] === "n") out += (out ? "; " : "") + "nomeação: " + n + "ª posição, dentro das vagas";
    else if (code[0] === "c") out += (out ? "; " : "") + "cadastro de reserva: " + n +
      "ª posição (projeção: a ordem em que seria chamado se surgirem vagas)";
    else if (code === "d") out += (out ? "; " : "") + "desistiu da nomeação";
    return out ? out.charAt(0).toUpperCase() + out.slice(1) + "." : "";
  }

  function el(tag, text, attrs) {
    var node = document.createElement(tag);
    if (text) node.textContent = text;
    Object.keys(attrs || {}).forEach(function (k) { node.setAttribute(k, attrs[k]); });
    return node;
  }

  var HINT = "Tente: só um sobrenome; o primeiro nome e um sobrenome; o começo do sobrenome (ao menos 4 letras); " +
    "a inscrição só com os números. Ou navegue pelos certames abaixo.";

  function Results(root, out, status, filters, moreButton, engine) {
    this.root = root; this.out = out; this.status = status; this.filters = filters; this.moreButton = moreButton;
    this.engine = engine; this.found = null; this.shown = PAGE;
  }

  Results.prototype.selected = function () {
    var exam = this.filters.querySelector("select[name=certame]"), cargo = this.filters.querySelector("select[name=cargo]");
    var e = exam && exam.value !== "" ? +exam.value : null, c = cargo && cargo.value !== "" ? +cargo.value : null;
    var cargos = this.found.cargos;
    return this.found.results.filter(function (p) {
      return (e === null || cargos[p[2]][3] === e) && (c === null || p[2] === c);
    });
  };

  Results.prototype.buildFilters = function () {
    var f = this.found, exams = {}, cargos = {}, self = this;
    f.results.forEach(function (p) { cargos[p[2]] = true; exams[f.cargos[p[2]][3]] = true; });
    this.filters.textContent = "";
    var examKeys = Object.keys(exams), cargoKeys = Object.keys(cargos);
    if (cargoKeys.length < 2) { this.filters.hidden = true; return; }
    this.filters.hidden = false;
    function select(name, label, keys, text) {
      var id = "busca-filtro-" + name, wrap = el("span"), s = el("select", "", { id: id, name: name });
      s.appendChild(el("option", "Todos", { value: "" }));
      keys.forEach(function (k) { s.appendChild(el("option", text(+k), { value: k })); });
      s.addEventListener("change", function () { self.shown = PAGE; self.render(); });
      wrap.appendChild(el("label", label, { "for": id }));
      wrap.appendChild(s);
      self.filters.appendChild(wrap);
    }
    if (examKeys.length > 1) select("certame", "Certame", examKeys, function (k) { return f.exams[k][0]; });
    select("cargo", "Cargo", cargoKeys, function (k) { return f.cargos[k][1]; });
  };

  Results.prototype.render = function () {
    var self = this, f = this.found, list = this.selected(), n = list.length;
    this.out.textContent = "";
    list.slice(0, this.shown).forEach(function (p) {
      var cargo = f.cargos[p[2]], exam = f.exams[cargo[3]];
      var label = p[0] || "Inscrição " + p[1];
      var item = el("li"), a = el("a", label, { href: link(self.root, f.cargos, p) });
      item.appendChild(a);
      var where = "inscrição " + p[1] + " — " + cargo[1] + " — " + exam[0] +
        (exam[1] ? " — " + exam[1] : "") + (exam[2] ? " (" + exam[2] + ")" : "");
      item.appendChild(el("span", " — " + where, { "class": "onde" }));
      var sit = situation(p);
      if (sit) item.appendChild(el("span", sit, { "class": "situacao" }));
      self.out.appendChild(item);
    });
    var msg = n === 0 ? "Nenhum resultado. " + HINT : n === 1 ? "1 resultado." : n + " resultados.";
    if (n > this.shown) msg += " Mostrando " + this.shown + ".";
    if (f.pending) msg += " A busca ainda não leu todos os nomes parecidos: use «Ver mais» ou acrescente um sobrenome.";
    this.status.textContent = msg;
    this.moreButton.hidden = !(n > this.shown || f.pending);
  };

  Results.prototype.show = function (found) {
    this.found = found; this.shown = PAGE; this.buildFilters(); this.render();
  };

  Results.prototype.more = function () {
    var self = this;
    if (this.selected().length > this.shown) { this.shown += PAGE; this.render(); return; }
    this.status.textContent = "Buscando mais…";
    this.engine.more(this.found).then(function (f) { self.found = f; self.shown += PAGE; self.buildFilters(); self.render(); });
  };

  function start() {
    var form = document.getElementById("busca-form");
    if (!form || !global.fetch) return;
    var root = form.getAttribute("data-root"), input = form.querySelector("input[name=q]");
    var out = document.getElementById("busca-resultados"), status = document.getElementById("busca-status");
    var filters = document.getElementById("busca-filtros"), moreButton = document.getElementById("busca-mais");
    var fetchJson = function (url) {
      return fetch(url).then(function (r) { if (!r.ok) throw new Error(url); return r.json(); });
    };
    var view = null, shared = {};
    document.documentElement.classList.add("js");
    /* Os arquivos pequenos que toda busca lê são pedidos já ao abrir a página: a busca digitada só espera pelo
       diretório e pelos fragmentos do seu nome. */
    var segments = JSON.parse(form.getAttribute("data-segmentos") || '[""]');
    var warm = new Segments(root + "busca/", segments, fetchJson);
    warm.engines.forEach(function (engine) {
      engine.cache = shared;
      ["cargos.json", "n/buckets.json", "p/buckets.json", "r/buckets.json"].forEach(function (path) {
        engine.get(path).catch(function () {});
      });
    });
    /* Enquanto a pessoa digita, o diretório de cada palavra já digitada é pedido: ao apertar Enter, só faltam os
       fragmentos do nome (uma ida e volta em vez de duas). */
    input.addEventListener("input", function () {
      plans(input.value).list.forEach(function (c) {
        if (Array.from(c.lo).length >= 2) warm.engines.forEach(function (engine) {
          engine.directory(c.kind, bucket(c.lo)).catch(function () {});
        });
      });
    });
    function go(event) {
      if (event) event.preventDefault();
      var q = input.value;
      if (normalize(q).length < 2) { status.textContent = "Digite ao menos dois caracteres."; out.textContent = ""; return; }
      status.textContent = "Buscando…";
      var engine = segments.length === 1 ? new Engine(root + "busca/" + segments[0], fetchJson)
        : new Segments(root + "busca/", segments, fetchJson);
      (engine.engines || [engine]).forEach(function (e) { e.cache = shared; });
      view = new Results(root, out, status, filters, moreButton, engine);
      engine.search(q).then(function (found) { view.show(found); },
        function () { status.textContent = "Não foi possível carregar o índice de busca."; });
    }
    form.addEventListener("submit", go);
    moreButton.addEventListener("click", function () { if (view) view.more(); });
    var initial = new URLSearchParams(global.location.search).get("q");
    if (initial) { input.value = initial; go(); }
  }

  if (typeof module !== "undefined" && module.exports) {
    module.exports = { normalize: normalize, bucket: bucket, plans: plans, span: span, Engine: Engine, Segments: Segments,
      PARTICLES: PARTICLES, registrationKey: registrationKey, situation: situation, quality: quality };
  } else if (typeof document !== "undefined") {
    if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start); else start();
  }
})(typeof window !== "undefined" ? window : globalThis);
