// Run the site's own search code (templates/theme/assets/busca.js) against a built site on disk and count the
// bytes each query downloads. Usage: node bench/search_probe.js SITE_DIR QUERY...  → one JSON line per query.
"use strict";
const fs = require("fs");
const path = require("path");
const zlib = require("zlib");
const busca = require(path.resolve(__dirname, "../templates/theme/assets/busca.js"));

async function probe(site, query) {
  const fetched = [];
  // the segments the search page lists (render/search.py), as the browser reads them
  const page = fs.readFileSync(path.join(site, "busca", "index.html"), "utf8");
  const listed = /data-segmentos='([^']*)'/.exec(page);
  const segments = listed ? JSON.parse(listed[1].replace(/&#34;|&quot;/g, '"')) : [""];
  const engine = new busca.Segments(path.join(site, "busca") + "/", segments, (file) => {
    const data = fs.readFileSync(file);
    fetched.push([path.relative(site, file), data.length, zlib.gzipSync(data).length]);
    return Promise.resolve(JSON.parse(data.toString("utf8")));
  });
  const found = await engine.search(query);
  const script = fs.statSync(path.resolve(__dirname, "../templates/theme/assets/busca.js")).size;
  const bytes = fetched.reduce((s, f) => s + f[1], 0) + script;
  const gzip = fetched.reduce((s, f) => s + f[2], 0);
  return { query, results: found.results.length, more: !!found.pending, bytes, gzip, files: fetched,
           first: found.results.slice(0, 3).map((p) => [p[0], p[1]]) };
}

(async () => {
  const [site, ...queries] = process.argv.slice(2);
  for (const q of queries) console.log(JSON.stringify(await probe(site, q)));
})();
