/* Busca do gazeta: índice estático em fragmentos (generator/render/search.py). Sem bibliotecas, sem requisições externas. */
(function (global) {
  "use strict";
  var END = "\uffff", GOES_ON = "\u0001", MAX_SHARDS = 6, MAX_TABLES = 6, PAGE = 20, MAX_TOKENS = 4;
  var SUFFIX_FROM = 4, TYPO_FROM = 4, MAX_ALTERNATIVES = 6;
  var WIDTH = 4294967296; /* 2^32: ids e números de arquivo de tabela cabem abaixo */
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

  /* O diretório de uma chave: s/ tem um só (search._write_kind), os demais um por dois primeiros caracteres. */
  function keyBucket(kind, key) { return kind === "s" ? "_" : bucket(key); }

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

  /* O fim da inscrição: letras e números, zeros mantidos, de trás para a frente (search.suffix_key). */
  function suffixKey(text) {
    return Array.from(normalize(text).replace(/ /g, "")).reverse().join("");
  }

  /* Planos de consulta: cada um é um intervalo de chaves que contém TODOS os nomes que a consulta pode achar.
     n: uma palavra ou começo de palavra ("soar" → Soares); p: uma palavra inteira seguida de outra palavra ou
     começo de palavra ("batista gomes", "gomes bat"), só para palavras comuns (search._write_segment);
     r: o começo da inscrição; s: o fim dela (ao menos SUFFIX_FROM caracteres). */
  function plans(query) {
    var tokens = normalize(query).split(" ").filter(Boolean);
    var digits = tokens.length > 0 && tokens.every(function (t) { return /^\p{N}+$/u.test(t); });
    if (digits || (tokens.length === 1 && /\p{N}/u.test(tokens[0]))) {
      var reg = registrationKey(query), plain = normalize(query).replace(/ /g, ""), list = [];
      var suffix = Array.from(plain).length >= SUFFIX_FROM ? plain : "";
      if (suffix) list.push({ kind: "s", lo: suffixKey(plain), hi: suffixKey(plain) + END });
      list.push({ kind: "r", lo: reg, hi: reg + END });
      return { kind: "r", tokens: [reg], suffix: suffix, usable: [], list: list };
    }
    var usable = [];
    tokens.forEach(function (t) {
      if (Array.from(t).length >= 2 && PARTICLES.indexOf(t) < 0 && usable.indexOf(t) < 0) usable.push(t);
    });
    usable = usable.sort(function (a, b) { return b.length - a.length; }).slice(0, MAX_TOKENS);
    var list = usable.map(function (t) { return { kind: "n", lo: t, hi: t + END, token: t }; });
    usable.forEach(function (a) {
      usable.forEach(function (b) {
        if (a !== b) list.push({ kind: "p", lo: a + " " + b, hi: a + " " + b + END, first: a, other: b });
      });
    });
    return { kind: "n", tokens: tokens, usable: usable, list: list };
  }

  function matches(plan, posting) {
    if (plan.kind === "r") {
      var plain = normalize(posting[1]).replace(/ /g, "");
      return registrationKey(posting[1]).indexOf(plan.tokens[0]) === 0 ||
        (!!plan.suffix && plain.slice(-plan.suffix.length) === plan.suffix);
    }
    var words = normalize(posting[0]).split(" ");
    return plan.tokens.every(function (t) {
      return words.some(function (w) { return w.indexOf(t) === 0; });
    });
  }

  /* Qualidade do acerto (menor é melhor): 0 nome idêntico à consulta (ou a inscrição inteira); senão 1 mais o
     número de palavras da consulta que não são uma palavra inteira do nome (só começos). */
  function quality(plan, posting) {
    if (plan.kind === "r") return registrationKey(posting[1]) === plan.tokens[0] ? 0 : 1;
    var name = normalize(posting[0]), words = name.split(" "), q = plan.tokens;
    if (name === q.join(" ")) return 0;
    return 1 + q.filter(function (t) { return words.indexOf(t) < 0; }).length;
  }

  function bits(mask) { var n = 0; while (mask) { n += mask & 1; mask >>>= 1; } return n; }

  function newFound(plan) {
    return { results: [], seen: {}, plan: plan, pending: null, cargos: [], exams: [], candidates: new Map(), queue: [],
             steps: null, filters: [], boosts: [], loose: [], approximate: false };
  }

  /* Lê os próximos fragmentos de um intervalo, até `budget`; devolve as entradas [chave, ids]. */
  Engine.prototype.read = function (step, budget) {
    var self = this, wanted = [], to = Math.min(step.last, step.next + budget - 1);
    for (var i = step.next; i <= to; i++) wanted.push(self.get(step.choice.kind + "/" + step.bucket + "-" + i + ".json"));
    self.fetched += wanted.length;
    step.next = to + 1;
    return Promise.all(wanted).then(function (shards) {
      var out = [], c = step.choice;
      shards.forEach(function (shard) {
        shard.forEach(function (e) { if (e[0] >= c.lo && e[0] < c.hi) out.push(e); });
      });
      return out;
    });
  };

  /* Bit de cada palavra da consulta que a chave de uma entrada traz inteira. */
  function wholeBits(plan, choice, key) {
    var u = plan.usable;
    if (choice.kind === "n") return key === choice.token ? 1 << u.indexOf(choice.token) : 0;
    if (choice.kind === "p") {
      return (1 << u.indexOf(choice.first)) | (key === choice.lo ? 1 << u.indexOf(choice.other) : 0);
    }
    return key === choice.lo ? 1 : 0;
  }

  /* Acrescenta os ids das entradas às candidatas, se passam nos filtros (as outras palavras já lidas). Laços simples,
     sem uma função nem um vetor por id: uma palavra comum traz dezenas de milhares (CPU ÷4 num celular). */
  function admit(found, choice, entries) {
    var filters = found.filters, boosts = found.boosts, cand = found.candidates, queue = found.queue;
    for (var j = 0; j < entries.length; j++) {
      var e = entries[j], whole = wholeBits(found.plan, choice, e[0]), deltas = e[1], id = 0;
      /* um filtro de par (narrow) vale só para as entradas da palavra inteira; o da palavra, para as outras */
      var active = filters.filter(function (f) {
        return (f.only === undefined || f.only === e[0]) && (f.except === undefined || f.except !== e[0]);
      });
      next: for (var i = 0; i < deltas.length; i++) {
        id = i ? id + deltas[i] : deltas[0];
        var mask = whole;
        for (var k = 0; k < active.length; k++) {
          var f = active[k].ids.get(id);
          if (f === undefined) continue next;
          mask |= f;
        }
        for (k = 0; k < boosts.length; k++) mask |= boosts[k].get(id) || 0;
        var old = cand.get(id);
        if (old === undefined) { cand.set(id, mask); queue.push(id); } else cand.set(id, old | mask);
      }
    }
  }

  /* Lê os intervalos de uma opção ao mesmo tempo (uma ida e volta), dentro do orçamento; os que sobram ficam
     pendentes em found.steps. Devolve [intervalo, entradas] de cada um lido. */
  Engine.prototype.readAll = function (steps, found, each) {
    var self = this, reads = [], pending = [], budget = MAX_SHARDS - this.fetched;
    steps.forEach(function (st) {
      if (budget > 0) {
        var n = Math.min(budget, st.last - st.next + 1, each || Infinity);
        budget -= n;
        reads.push(self.read(st, n).then(function (entries) { return [st, entries]; }));
      }
      if (st.next <= st.last) pending.push(st); /* read() avança st.next na hora */
    });
    found.steps = pending.length ? pending : null;
    return Promise.all(reads);
  };

  /* Antes de admitir: se um filtro de par (narrow: found.loose) não serve a alguma entrada lida, porque a chave
     dela não é a palavra inteira, o intervalo inteiro da outra palavra é lido para essas (uma ida e volta a mais,
     só quando há tais entradas; no índice nacional, nenhuma das palavras comuns da bench). */
  Engine.prototype.settle = function (found, reads) {
    var self = this, loose = found.loose;
    if (!loose.length) return Promise.resolve(reads);
    var other = reads.some(function (r) {
      return r[1].some(function (e) { return e[0] !== loose[0].only; });
    });
    if (!other) return Promise.resolve(reads);
    found.loose = [];
    return Promise.all(loose.map(function (l) {
      self.fetched -= l.charge; /* já contado no orçamento por narrow */
      return self.whole(found.plan, l.step).then(function (ids) {
        found.filters.push({ ids: ids, except: l.only });
      });
    })).then(function () { return reads; });
  };

  function copy(step) {
    return { choice: step.choice, bucket: step.bucket, first: step.first, last: step.last, next: step.first };
  }

  function admitAll(found, reads) {
    reads.forEach(function (r) { admit(found, r[0].choice, r[1]); });
  }

  /* Um intervalo inteiro, como mapa id → bits das palavras inteiras. Lido desde o primeiro fragmento, com um cursor
     próprio: o do passo (step.next) pode já ter andado (a opção de reserva de exact relê o intervalo que a primeira
     opção usou de filtro) e, se andasse aqui, a leitura seguinte do mesmo intervalo não traria nada. */
  Engine.prototype.whole = function (plan, step) {
    step = copy(step);
    return this.read(step, step.last - step.first + 1).then(function (entries) {
      var ids = new Map();
      entries.forEach(function (e) {
        var whole = wholeBits(plan, step.choice, e[0]), deltas = e[1], id = 0;
        for (var i = 0; i < deltas.length; i++) {
          id = i ? id + deltas[i] : deltas[0];
          ids.set(id, (ids.get(id) || 0) | whole);
        }
      });
      return ids;
    });
  };

  /* Opções completas: um intervalo de palavra (n: todo nome com uma palavra que começa assim), ou os dois pares
     de duas palavras comuns (a b…) e (b a…): todo nome em que ao menos uma das duas está inteira. Lê-se a mais
     barata; se uma opção de pares nada acha (as duas palavras eram começos), a palavra mais barata em seguida.
     As outras palavras estreitam as candidatas quando seu intervalo cabe no orçamento (filtro exato) ou, se
     são comuns, pelo par com uma palavra já lida (só adiantam quem as tem inteiras); o resto é conferido no nome
     de cada linha lida da tabela do cargo. */
  Engine.prototype.exact = function (query) {
    var self = this, plan = plans(query), found = newFound(plan);
    if (!plan.list.length) return Promise.resolve(found);
    /* Tudo o que não depende de outro arquivo sai de uma vez (cada ida e volta custa ~0,6 s num 3G): a tabela de
       cargos que rows() usa e os diretórios de cada tipo de chave; os pares só quando a consulta os tem. */
    this.get("cargos.json").catch(function () {});
    plan.list.forEach(function (c) { if (c.kind !== "p") self.get(c.kind + "/buckets.json").catch(function () {}); });
    var pairs = plan.list.some(function (c) { return c.kind === "p"; });
    var steps = {};
    return (pairs ? this.get("p/buckets.json") : Promise.resolve({})).then(function (paired) {
      plan.list = plan.list.filter(function (c) {
        return c.kind !== "p" || ((paired[bucket(c.first)] || []).indexOf(c.first) >= 0 &&
          (paired[bucket(c.other)] || []).indexOf(c.other) >= 0);
      });
      return Promise.all(plan.list.map(function (c) { return self.directory(c.kind, keyBucket(c.kind, c.lo)); }));
    }).then(function (dirs) {
      var options = [];
      plan.list.forEach(function (c, k) {
        var s = span(dirs[k], c.lo, c.hi);
        /* opens: o primeiro fragmento do intervalo começa pela chave exata e ela segue no próximo (search.NEXT no
           diretório): esse fragmento é todo dela, com os seus menores ids */
        /* pure: o intervalo é só dessa chave, cortada em fragmentos (a última parte fecha o seu: search._write_bucket) */
        var pure = !!s && dirs[k][s.first] === c.lo && s.last > s.first;
        for (var i = s ? s.first + 1 : 0; pure && i <= s.last; i++) pure = dirs[k][i] === c.lo + GOES_ON;
        steps[c.kind + c.lo] = s ? { choice: c, bucket: keyBucket(c.kind, c.lo), first: s.first, last: s.last, next: s.first,
                                     opens: dirs[k][s.first] === c.lo && dirs[k][s.first + 1] === c.lo + GOES_ON,
                                     pure: pure } : null;
      });
      function cost(list) { return list.reduce(function (n, st) { return n + (st ? st.last - st.first + 1 : 0); }, 0); }
      if (plan.kind === "r") {
        options.push({ words: true, covers: [], steps: plan.list.map(function (c) { return steps[c.kind + c.lo]; }) });
      } else {
        plan.list.forEach(function (c) {
          if (c.kind === "n") options.push({ words: true, covers: [c.token], steps: [steps["n" + c.lo]] });
          else if (c.first < c.other) {
            options.push({ words: false, covers: [c.first, c.other],
                           steps: [steps["p" + c.lo], steps["p" + c.other + " " + c.first]] });
          }
        });
      }
      options.forEach(function (o) { o.steps = o.steps.filter(Boolean); o.cost = cost(o.steps); });
      options.sort(function (x, y) { return x.cost - y.cost || (y.words ? 1 : 0) - (x.words ? 1 : 0); });
      var first = options[0], fallback = options.filter(function (o) { return o.words; })[0];
      /* Palavras fora da opção: um intervalo que cabe no orçamento vira filtro; um par com a palavra da opção,
         só adianta quem tem a palavra inteira. Uma palavra sem intervalo nenhum: nenhum nome a tem. */
      function narrow(option) {
        var work = [];
        if (plan.kind !== "n") return Promise.resolve();
        plan.usable.forEach(function (u) {
          if (option.covers.indexOf(u) >= 0) return;
          var st = steps["n" + u];
          if (!st) { found.filters.push({ ids: new Map() }); return; }
          var n = st.last - st.first + 1;
          if (n <= MAX_SHARDS - self.fetched - cost(option.steps)) {
            /* A opção é uma palavra comum O, só ela no seu intervalo (pure: todas as candidatas têm O inteira), e há
               o par «O u…», mais barato: search.py o guarda para todo nome com O inteira e outra palavra, que não O,
               começando por u; para essas candidatas, é o mesmo filtro que o intervalo de u, se u não é começo de O
               («silvana silva»: uma Silvana sem outro Silva tem uma palavra que começa por «silva», a própria O, e
               não está no par). Conta no orçamento como o intervalo de u, para que as decisões seguintes sejam as
               de sempre. Um índice sem a regra de pure (de antes) que traga outra chave no intervalo: settle. */
            var pair = option.words && option.covers.length === 1 && option.steps.length === 1 && option.steps[0].pure &&
              option.covers[0].indexOf(u) !== 0 ? steps["p" + option.covers[0] + " " + u] : null;
            if (pair && pair.last - pair.first + 1 < n) {
              var only = option.covers[0];
              self.fetched += n - (pair.last - pair.first + 1);
              work.push(self.whole(plan, pair).then(function (ids) { found.filters.push({ ids: ids, only: only }); }));
              found.loose.push({ step: st, charge: n, only: only });
              return;
            }
            work.push(self.whole(plan, st).then(function (ids) { found.filters.push({ ids: ids }); }));
            return;
          }
          option.covers.forEach(function (t) {
            var pair = steps["p" + u + " " + t];
            if (pair && pair.last - pair.first < 2) {
              work.push(self.whole(plan, pair).then(function (ids) { found.boosts.push(ids); }));
            }
          });
        });
        return Promise.all(work);
      }
      /* os filtros e a opção são lidos ao mesmo tempo; as candidatas entram depois, já filtradas */
      function run(option) {
        var filtering = narrow(option);
        /* uma opção que não cabe no orçamento fica pela metade de todo jeito: um fragmento de cada intervalo
           (milhares de ids) enche a primeira página; o resto, em «Ver mais» */
        var each = option.cost > MAX_SHARDS - self.fetched ? 1 : 0;
        /* Uma palavra só, comum (opens): rows() lê primeiro os menores ids com a palavra inteira, e o primeiro
           fragmento os traz; se eles passam de MAX_TABLES arquivos de tabela, a primeira página é a mesma que sairia
           do intervalo todo (os ids dos outros fragmentos são maiores: caem em arquivos depois desses). Ela sai dele
           só; os outros fragmentos que cabem no orçamento são lidos logo depois dela (found.rest, Engine.later),
           e «Ver mais» e o filtro por cargo veem o mesmo que veriam com tudo lido antes (cada fragmento a menos antes
           da primeira página: ~12 kB e milhares de ids a menos num 3G com CPU ÷4). */
        var early = !each && plan.kind === "n" && plan.usable.length === 1 && option.steps.length === 1 &&
          option.steps[0].opens && option.cost > 1;
        return Promise.all([filtering, self.readAll(option.steps, found, early ? 1 : each)]).then(function (r) {
          return self.settle(found, r[1]);
        }).then(function (reads) {
          admitAll(found, reads);
          if (!early) return;
          return self.get("cargos.json").then(function (table) {
            if (spread(found.queue, table.tabelas, table.linhas) > MAX_TABLES) { found.rest = true; return; }
            return self.readAll(found.steps, found).then(function (more) { admitAll(found, more); });
          });
        });
      }
      return run(first).then(function () {
        if (found.queue.length || found.steps || first.words || !fallback) return;
        found.filters = []; found.boosts = []; found.loose = [];
        return run(fallback);
      });
    }).then(function () { return self.rows(found); }).then(function () {
      if (found.rest) found.later = self.later(found);
      return self.finish(found);
    });
  };

  /* Quantos arquivos de tabela os ids ocupam (até MAX_TABLES + 1: basta saber se passam). */
  function spread(ids, bases, size) {
    var files = new Set();
    for (var i = 0; i < ids.length && files.size <= MAX_TABLES; i++) {
      var cargo = lastAtMost(bases, ids[i], false);
      files.add(cargo * WIDTH + Math.floor((ids[i] - bases[cargo]) / size));
    }
    return files.size;
  }

  /* Depois da primeira página de uma palavra comum (exact): os fragmentos que ficaram do orçamento, com os cargos
     das novas candidatas em found.reach. Uma falha de rede os deixa por ler, para «Ver mais». */
  Engine.prototype.later = function (found) {
    var self = this, steps = found.steps, from = found.queue.length;
    var marks = steps.map(function (st) { return st.next; });
    found.rest = false;
    return this.readAll(steps, found).then(function (reads) { return self.settle(found, reads); }).then(function (reads) {
      return self.get("cargos.json").then(function (table) {
        admitAll(found, reads);
        var bases = table.tabelas, queue = found.queue, cargo = -1, last = -1;
        for (var i = from; i < queue.length; i++) {
          if (queue[i] < last || cargo < 0) cargo = lastAtMost(bases, queue[i], false);
          else while (cargo + 1 < bases.length && bases[cargo + 1] <= queue[i]) cargo++;
          last = queue[i];
          found.reach[cargo] = true;
        }
        found.pending = found.queue.length || found.steps ? true : null;
        found.later = null;
      });
    }, function () {
      steps.forEach(function (st, k) { self.fetched -= st.next - marks[k]; st.next = marks[k]; });
      found.steps = steps;
      found.later = null;
    });
  };

  /* Lê da tabela de cada cargo as linhas das candidatas mais promissoras (mais palavras inteiras, depois a ordem
     da tabela), até MAX_TABLES arquivos; confere cada palavra no nome e guarda os acertos. As que ficam são
     lidas por more(). */
  Engine.prototype.rows = function (found) {
    var self = this;
    return this.get("cargos.json").then(function (table) {
      var bases = table.tabelas, size = table.linhas, cand = found.candidates, queue = found.queue;
      /* a ordem (mais palavras inteiras, depois o id) numa chave numérica só, ordenada pelo próprio vetor: sem
         comparador nem um par por candidata */
      var keys = new Float64Array(queue.length);
      for (var i = 0; i < queue.length; i++) keys[i] = (MAX_TOKENS - bits(cand.get(queue[i]))) * WIDTH + queue[i];
      keys.sort();
      var files = new Map(), take = [], rest = [], blocked = -1, cargo = -1, last = -1;
      var reach = found.reach = found.reach || {};
      for (i = 0; i < keys.length; i++) {
        var own = MAX_TOKENS - Math.floor(keys[i] / WIDTH), id = keys[i] - (MAX_TOKENS - own) * WIDTH;
        /* ids crescentes dentro de cada classe: o cargo avança; volta à busca binária quando a classe muda */
        if (id < last || cargo < 0) cargo = lastAtMost(bases, id, false);
        else while (cargo + 1 < bases.length && bases[cargo + 1] <= id) cargo++;
        last = id;
        var local = id - bases[cargo], file = cargo * WIDTH + Math.floor(local / size);
        reach[cargo] = true; /* os cargos de todas as candidatas, lidas ou não: o filtro por cargo os mostra */
        var free = files.has(file);
        if (!free && files.size < MAX_TABLES && blocked < 0) {
          files.set(file, "t/" + cargo + "-" + Math.floor(local / size) + ".json");
          free = true;
        }
        if (free && (blocked < 0 || own >= blocked)) take.push([id, cargo, file, local % size]);
        else { rest.push(id); if (blocked < 0) blocked = own; }
      }
      found.queue = rest;
      var chosen = Array.from(files.keys());
      return Promise.all(chosen.map(function (f) { return self.get(files.get(f)); })).then(function (chunks) {
        var byFile = new Map();
        chosen.forEach(function (f, k) { byFile.set(f, chunks[k]); });
        take.forEach(function (t) {
          var row = byFile.get(t[2])[t[3]], p = [row[0], row[1], t[1], row[2], row[3], row[4]];
          if (!found.seen["#" + t[0]] && matches(found.plan, p)) {
            found.seen["#" + t[0]] = true;
            p.push(quality(found.plan, p));
            found.results.push(p);
          }
        });
      });
    });
  };

  /* Mais acertos: as candidatas ainda não lidas e os intervalos que ficaram pela metade. */
  Engine.prototype.more = function (found) {
    var self = this;
    if (found.parts) {
      return Promise.all(found.parts.map(function (part) {
        return part.pending ? part.engine.more(part) : part;
      })).then(function () { return self.union(found); });
    }
    return Promise.resolve(found.later).then(function () { /* o resto da primeira leitura, se ainda chega */
      self.fetched = 0;
      return !found.queue.length && found.steps ? self.readAll(found.steps, found) : [];
    }).then(function (reads) { return self.settle(found, reads); })
      .then(function (reads) { admitAll(found, reads); return self.rows(found); })
      .then(function () { return self.finish(found); });
  };

  /* Erros de uma letra (d/, search.typo_forms): para cada palavra da consulta de TYPO_FROM letras ou mais, as
     palavras do índice a uma edição dela (near, em ordem) e se alguma palavra do índice começa por ela (starts). */
  Engine.prototype.typos = function (plan) {
    var self = this, words = [];
    if (plan.kind === "n") plan.usable.forEach(function (w) { if (Array.from(w).length >= TYPO_FROM) words.push(w); });
    return Promise.all(words.map(function (w) {
      return Promise.all(forms(w).map(function (f) { return self.form(f, f === w); })).then(function (got) {
        var near = [], starts = false;
        got.forEach(function (r) {
          r.words.forEach(function (c) { if (near.indexOf(c) < 0 && oneEdit(w, c)) near.push(c); });
          starts = starts || r.starts;
        });
        return { word: w, near: near.sort(), starts: starts };
      });
    }));
  };

  /* Uma forma em d/: as palavras que a têm e, para a própria palavra da consulta (own), se alguma chave de d/
     começa por ela. d/ tem como chave toda palavra do índice de 3 letras ou mais (cada uma é forma de si mesma):
     sem chave que comece por ela, nenhum nome tem palavra que comece por ela. A primeira chave >= f está no
     fragmento onde f estaria ou abre o seguinte (o diretório a mostra). */
  Engine.prototype.form = function (f, own) {
    var self = this, name = bucket(f);
    return this.directory("d", name).then(function (dir) {
      var at = lastAtMost(dir, f, false), next = dir[at + 1];
      var starts = own && next !== undefined && next < f + END;
      if (at < 0) return { words: [], starts: starts };
      return self.get("d/" + name + "-" + at + ".json").then(function (shard) {
        var words = [];
        shard.forEach(function (e) {
          if (e[0] === f) words = e[1];
          if (own && e[0] >= f && e[0] < f + END) starts = true;
        });
        return { words: words, starts: starts };
      });
    });
  };

  /* Resultados aproximados (só quando a busca exata nada acha): cada palavra de TYPO_FROM letras ou mais é
     trocada pelas palavras do índice a uma letra de distância (d/: a palavra e suas formas sem uma letra), uma
     palavra de cada vez, e cada consulta assim corrigida (até MAX_ALTERNATIVES, na ordem das palavras e, para
     cada uma, das corrigidas) é buscada como as exatas; «Ver mais» continua cada uma (Engine.more).
     `typos`: Engine.typos com o que já foi pedido (Engine.begin); se falha, pede-se o resto. */
  Engine.prototype.approximate = function (query, typos) {
    var self = this, plan = plans(query), found = newFound(plan);
    found.approximate = true;
    if (plan.kind !== "n") return Promise.resolve(found);
    return (typos || Promise.reject()).catch(function () { return self.typos(plan); }).then(function (words) {
      var alternatives = [], seen = {};
      words.forEach(function (x) {
        x.near.forEach(function (c) {
          var alt = plan.tokens.map(function (t) { return t === x.word ? c : t; }).join(" ");
          if (!seen[alt]) { seen[alt] = true; alternatives.push(alt); }
        });
      });
      /* uma corrigida que mantém uma palavra que não começa nenhuma do índice (starts) nada acha: não é buscada
         (depois do corte em MAX_ALTERNATIVES: as mesmas pessoas de sempre, menos leituras) */
      var dead = {};
      words.forEach(function (x) { if (!x.starts) dead[x.word] = true; });
      return Promise.all(alternatives.slice(0, MAX_ALTERNATIVES).filter(function (alt) {
        return !alt.split(" ").some(function (t) { return dead[t]; });
      }).map(function (alt) {
        var e = new Engine(self.base, self.fetchJson);
        e.cache = self.cache;
        return e.exact(alt).then(function (part) { part.engine = e; return part; });
      }));
    }).then(function (parts) {
      found.parts = parts;
      return self.union(found);
    });
  };

  /* Os acertos das consultas corrigidas (found.parts, num mesmo índice), cada pessoa uma vez, na primeira em que
     aparece; os cargos das candidatas ainda não lidas de todas (o filtro por cargo, Results.buildFilters). */
  Engine.prototype.union = function (found) {
    var self = this, parts = found.parts;
    found.reach = {};
    parts.forEach(function (part) {
      part.results.forEach(function (p) {
        var id = p[2] + "|" + p[1];
        if (!found.seen[id]) { found.seen[id] = true; found.results.push(p); }
      });
      Object.keys(part.reach || {}).forEach(function (c) { found.reach[c] = true; });
    });
    var later = parts.filter(function (part) { return part.later; });
    found.later = later.length ? Promise.all(later.map(function (part) { return part.later; })).then(function () {
      parts.forEach(function (part) { Object.keys(part.reach || {}).forEach(function (c) { found.reach[c] = true; }); });
      found.pending = parts.some(function (part) { return part.pending; }) ? true : null;
      found.later = null;
    }) : null;
    return self.finish(found);
  };

  /* A exata e, ao mesmo tempo, os erros de uma letra (Engine.typos) com os arquivos de d/ já pedidos. `none` dá true
     assim que se sabe que a exata nada acha (nem fica nada por ler): por d/, se uma palavra da consulta não começa
     nenhuma palavra do índice (Engine.form; matches() exige que cada uma comece uma palavra do nome), ou ao fim da
     exata; false se ela acha alguém ou ficou algo por ler. d/ foi lido enquanto a pessoa digitava (warmTyped): a
     aproximada começa já na primeira ida e volta depois do Enter, em vez de esperar a da exata e as três de d/.
     Sem eles (um link para /busca/?q=…), d/ só é pedido se a exata nada acha: seus pedidos não disputam com os dela
     as conexões do navegador (HTTP/1.1: seis por servidor). */
  Engine.prototype.begin = function (query) {
    var plan = plans(query), exact = this.exact(query);
    var typos = plan.kind === "n" ? this.known().typos(plan) : Promise.resolve([]);
    var never = new Promise(function () {});
    var proven = typos.then(function (words) {
      return words.some(function (x) { return !x.starts; }) ? true : never;
    }, function () { return never; });
    var none = Promise.race([proven, exact.then(function (f) {
      return !f.results.length && !f.pending && f.plan.kind === "n";
    })]);
    exact.catch(function () {}); /* deixada de lado quando d/ já provou que nada acha */
    typos.catch(function () {});
    return { exact: exact, typos: typos, none: none };
  };

  /* O mesmo índice, só com os arquivos já pedidos (a resposta pode ainda estar a caminho): os outros falham. */
  Engine.prototype.known = function () {
    var known = Object.create(this);
    known.get = function (path) {
      return this.cache[this.base + path] || Promise.reject(new Error("não pedido: " + path));
    };
    return known;
  };

  /* A busca: a exata e, se nada acha (nem ficou nada por ler), a aproximada. */
  Engine.prototype.search = function (query) {
    var self = this, run = this.begin(query);
    return run.none.then(function (none) { return none ? self.approximate(query, run.typos) : run.exact; });
  };

  /* A palavra e cada forma dela sem uma letra (search.typo_forms). */
  function forms(word) {
    var chars = Array.from(word), out = [word];
    for (var i = 0; i < chars.length; i++) {
      var f = chars.slice(0, i).concat(chars.slice(i + 1)).join("");
      if (out.indexOf(f) < 0) out.push(f);
    }
    return out;
  }

  /* Se a e b diferem por uma edição: uma letra trocada, a mais, a menos, ou duas vizinhas invertidas. */
  function oneEdit(a, b) {
    a = Array.from(a); b = Array.from(b);
    var m = a.length, n = b.length, i = 0;
    if (Math.abs(m - n) > 1) return false;
    while (i < m && i < n && a[i] === b[i]) i++;
    var tail = function (x, k) { return x.slice(k).join(""); };
    if (m === n) {
      if (i === m) return false;
      if (tail(a, i + 1) === tail(b, i + 1)) return true;
      return i + 1 < m && a[i] === b[i + 1] && a[i + 1] === b[i] && tail(a, i + 2) === tail(b, i + 2);
    }
    return m > n ? tail(a, i + 1) === tail(b, i) : tail(b, i + 1) === tail(a, i);
  }

  function rankOf(p) { return p[4] || Infinity; }

  /* Ordem dos resultados: a qualidade do acerto, depois por certame e cargo, e a classificação na lista geral. */
  function order(found) {
    return function (a, b) {
      var ca = found.cargos[a[2]], cb = found.cargos[b[2]];
      return a[6] - b[6] || (ca && cb ? ca[3] - cb[3] : 0) || a[2] - b[2] || rankOf(a) - rankOf(b) ||
        (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0) || (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0);
    };
  }

  Engine.prototype.finish = function (found) {
    return this.get("cargos.json").then(function (table) {
      found.cargos = table.cargos;
      found.exams = table.certames;
      found.pending = found.queue.length || found.steps ||
        (found.parts || []).some(function (part) { return part.pending; }) ? true : null;
      found.results.sort(order(found));
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
    var merged = { results: [], cargos: [], exams: [], plan: parts[0].plan, pending: null, parts: parts,
                   approximate: parts.some(function (f) { return f.approximate; }) };
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
    function reach() {
      var out = {}, shift = 0;
      parts.forEach(function (f) {
        Object.keys(f.reach || {}).forEach(function (c) { out[+c + shift] = true; });
        shift += (f.cargos || []).length;
      });
      return out;
    }
    merged.reach = reach();
    var later = parts.filter(function (f) { return f.later; });
    if (later.length) {
      merged.later = Promise.all(later.map(function (f) { return f.later; })).then(function () {
        merged.reach = reach();
        merged.later = null;
      });
    }
    merged.results.sort(order(merged));
    return merged;
  };

  /* Em todos os segmentos, a exata; se nenhum acha nada, a aproximada em todos (Engine.begin). */
  Segments.prototype.search = function (query) {
    var self = this, runs = this.engines.map(function (e) { return e.begin(query); });
    return Promise.all(runs.map(function (r) { return r.none; })).then(function (nones) {
      if (nones.every(Boolean)) {
        return Promise.all(self.engines.map(function (e, k) { return e.approximate(query, runs[k].typos); }));
      }
      return Promise.all(runs.map(function (r) { return r.exact; }));
    }).then(function (parts) { return self.merge(parts); });
  };

  Segments.prototype.more = function (found) {
    var self = this;
    return Promise.all(this.engines.map(function (e, k) {
      var part = found.parts[k];
      return part.pending ? e.more(part) : Promise.resolve(part);
    })).then(function (parts) { return self.merge(parts); });
  };

  /* Atos (busca/atos.json, search.act_rows): pelo número («02/2025»), pelo tipo («convocação») ou pela data
     («10/06/2024»). Números comparam sem zeros à esquerda e inteiros; palavras, pelo começo. */
  function plainNumber(t) { return /^\p{N}+$/u.test(t) ? t.replace(/^0+/, "") || "0" : t; }

  function findActs(acts, query) {
    var q = normalize(query).split(" ").filter(function (t) { return t && PARTICLES.indexOf(t) < 0; })
      .map(plainNumber);
    if (!q.length || !acts) return [];
    var wanted = q.join(" ");
    return acts.filter(function (a) {
      var words = normalize([a[0], a[1], a[2], a[4], a[6]].join(" ")).split(" ").map(plainNumber);
      return q.every(function (t) {
        var number = /^\p{N}+$/u.test(t);
        return words.some(function (w) { return number ? w === t : w.indexOf(t) === 0; });
      });
    }).sort(function (x, y) {
      var nx = normalize(x[2]).split(" ").map(plainNumber).join(" ") === wanted ? 0 : 1;
      var ny = normalize(y[2]).split(" ").map(plainNumber).join(" ") === wanted ? 0 : 1;
      return nx - ny;
    });
  }

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

  var HINT = "Tente: só um sobrenome; o primeiro nome e um sobrenome; o começo do sobrenome (ao menos 4 letras); " +
    "a inscrição só com os números. Ou navegue pelos certames abaixo.";
  /* Eliminados aparecem só pela inscrição (templates/theme/eliminated.html: inscrição, motivo, fundamento). */
  var ELIMINATED = "Quem foi eliminado(a) não aparece pelo nome: as listas de eliminados publicam só a inscrição. " +
    "Busque pelo número de inscrição.";
  var APPROXIMATE = "Nenhum resultado exato. Resultados aproximados (uma letra diferente em uma palavra): confira " +
    "o nome antes de usar.";

  /* O texto do status: `n` pessoas entre os filtros, `shown` delas na tela, `acts` atos achados. */
  function statusText(found, n, shown, acts) {
    var people = n === 1 ? "1 resultado." : n + " resultados.";
    var msg = "";
    if (acts) msg = (acts === 1 ? "1 ato encontrado." : acts + " atos encontrados.") + (n ? " " : "");
    if (n === 0 && !acts) {
      msg = "Nenhum resultado. " + HINT;
      if (found.plan && found.plan.kind === "n") msg += " " + ELIMINATED;
    } else if (n) {
      msg += found.approximate ? APPROXIMATE + " " + people : people;
    }
    if (n > shown) msg += " Mostrando " + shown + ".";
    if (found.pending) msg += " A busca ainda não leu todos os nomes parecidos: use «Ver mais» ou acrescente um sobrenome.";
    return msg;
  }

  function el(tag, text, attrs) {
    var node = document.createElement(tag);
    if (text) node.textContent = text;
    Object.keys(attrs || {}).forEach(function (k) { node.setAttribute(k, attrs[k]); });
    return node;
  }

  function Results(root, out, status, filters, moreButton, engine) {
    this.root = root; this.out = out; this.status = status; this.filters = filters; this.moreButton = moreButton;
    this.engine = engine; this.found = null; this.shown = PAGE; this.acts = [];
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
    f.results.forEach(function (p) { cargos[p[2]] = true; });
    /* também os cargos das candidatas ainda não lidas: com as linhas guardadas por cargo (search.py), as primeiras
       lidas podem ser todas de um cargo, e o filtro deve mostrar onde estão as demais */
    Object.keys(f.reach || {}).forEach(function (c) { if (f.cargos[c]) cargos[c] = true; });
    Object.keys(cargos).forEach(function (c) { exams[f.cargos[c][3]] = true; });
    this.filters.textContent = "";
    var examKeys = Object.keys(exams), cargoKeys = Object.keys(cargos);
    if (cargoKeys.length < 2) { this.filters.hidden = true; return; }
    this.filters.hidden = false;
    function select(name, label, keys, text) {
      var id = "busca-filtro-" + name, wrap = el("span"), s = el("select", "", { id: id, name: name });
      s.appendChild(el("option", "Todos", { value: "" }));
      keys.forEach(function (k) { s.appendChild(el("option", text(+k), { value: k })); });
      s.addEventListener("change", function () { self.shown = PAGE; self.render(); self.fill(8); });
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
    this.acts.forEach(function (a) {
      var item = el("li", "", { "class": "ato" });
      item.appendChild(el("a", a[0], { href: self.root + a[5] }));
      item.appendChild(el("span", " — " + a[4] + " — " + a[6] + (a[7] ? " — " + a[7] : ""), { "class": "onde" }));
      self.out.appendChild(item);
    });
    list.slice(0, this.shown).forEach(function (p) {
      var cargo = f.cargos[p[2]], exam = f.exams[cargo[3]];
      var label = p[0] || "Inscrição " + p[1];
      var item = el("li", "", f.approximate ? { "class": "aproximado" } : {});
      var a = el("a", label, { href: link(self.root, f.cargos, p) });
      item.appendChild(a);
      var where = "inscrição " + p[1] + " — " + cargo[1] + " — " + exam[0] +
        (exam[1] ? " — " + exam[1] : "") + (exam[2] ? " (" + exam[2] + ")" : "");
      item.appendChild(el("span", " — " + where, { "class": "onde" }));
      var sit = situation(p);
      if (sit) item.appendChild(el("span", sit, { "class": "situacao" }));
      self.out.appendChild(item);
    });
    this.status.textContent = statusText(f, n, Math.min(n, this.shown), this.acts.length);
    this.moreButton.hidden = !(n > this.shown || f.pending);
  };

  Results.prototype.show = function (found, acts) {
    this.found = found; this.acts = acts || []; this.shown = PAGE; this.buildFilters(); this.render();
    this.whenRead(found);
  };

  /* O resto da primeira leitura (Engine.later) chega depois da primeira página: o filtro por cargo ganha os cargos
     das novas candidatas, mantendo o que a pessoa já escolheu. */
  Results.prototype.whenRead = function (found) {
    var self = this;
    if (!found.later) return;
    found.later.then(function () {
      if (self.found !== found) return;
      var picked = {};
      self.filters.querySelectorAll("select").forEach(function (s) { picked[s.name] = s.value; });
      self.buildFilters();
      self.filters.querySelectorAll("select").forEach(function (s) {
        if (picked[s.name] && s.querySelector("option[value='" + picked[s.name] + "']")) s.value = picked[s.name];
      });
      self.render();
    });
  };

  /* Um filtro escolhido cujo cargo ainda não tem linhas lidas: lê mais (no máximo `rounds` vezes, cada uma de
     poucos arquivos) até encher a página do filtro ou acabar o que há para ler. */
  Results.prototype.fill = function (rounds) {
    var self = this;
    if (rounds <= 0 || !this.found.pending || this.selected().length >= this.shown) return;
    this.status.textContent = "Buscando mais…";
    this.engine.more(this.found).then(function (f) {
      self.found = f; self.render();
      self.fill(rounds - 1);
    });
  };

  Results.prototype.more = function () {
    var self = this;
    if (this.selected().length > this.shown) { this.shown += PAGE; this.render(); return; }
    this.status.textContent = "Buscando mais…";
    this.engine.more(this.found).then(function (f) { self.found = f; self.shown += PAGE; self.buildFilters(); self.render(); });
  };

  /* Ao abrir a página: os arquivos pequenos que toda busca lê. A busca digitada só espera pelos fragmentos do nome. */
  function warmPage(engine) {
    return Promise.all(["cargos.json", "n/buckets.json", "p/buckets.json", "r/buckets.json", "s/buckets.json", "s/_.json",
                        "d/buckets.json"].map(function (path) { return engine.get(path).catch(function () {}); }));
  }

  /* Enquanto a pessoa digita: o diretório de cada palavra já digitada (ao apertar Enter, só faltam os fragmentos do
     nome: uma ida e volta em vez de duas) e, para as de TYPO_FROM letras ou mais, os fragmentos de d/ das suas
     formas (Engine.typos: poucos kB; um erro de digitação se acha então em duas idas e voltas, como um nome certo). */
  function warmTyped(engine, text) {
    var plan = plans(text), work = [];
    plan.list.forEach(function (c) {
      if (Array.from(c.lo).length >= 2) work.push(engine.directory(c.kind, keyBucket(c.kind, c.lo)).catch(function () {}));
    });
    work.push(engine.typos(plan).catch(function () {}));
    return Promise.all(work);
  }

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
    var segments = JSON.parse(form.getAttribute("data-segmentos") || '[""]');
    var warm = new Segments(root + "busca/", segments, fetchJson);
    warm.engines.forEach(function (engine) { engine.cache = shared; warmPage(engine); });
    var acts = new Engine(root + "busca/", fetchJson);
    acts.cache = shared;
    acts.get("atos.json").catch(function () {});
    input.addEventListener("input", function () {
      warm.engines.forEach(function (engine) { warmTyped(engine, input.value); });
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
      var found = acts.get("atos.json").then(function (list) { return findActs(list, q); }, function () { return []; });
      Promise.all([engine.search(q), found]).then(function (both) { view.show(both[0], both[1]); },
        function () { status.textContent = "Não foi possível carregar o índice de busca."; });
    }
    form.addEventListener("submit", go);
    moreButton.addEventListener("click", function () { if (view) view.more(); });
    var initial = new URLSearchParams(global.location.search).get("q");
    if (initial) { input.value = initial; go(); }
  }

  if (typeof module !== "undefined" && module.exports) {
    module.exports = { normalize: normalize, bucket: bucket, plans: plans, span: span, Engine: Engine, Segments: Segments,
      PARTICLES: PARTICLES, registrationKey: registrationKey, suffixKey: suffixKey, situation: situation,
      quality: quality, forms: forms, oneEdit: oneEdit, findActs: findActs, statusText: statusText,
      warmPage: warmPage, warmTyped: warmTyped };
  } else if (typeof document !== "undefined") {
    if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start); else start();
  }
})(typeof window !== "undefined" ? window : globalThis);
