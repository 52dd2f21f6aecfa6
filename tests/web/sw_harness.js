// Runs static/sw.js (the service worker of the cached last view) in Node against a Cache
// Storage and a network of its own, and checks one rule: `node sw_harness.js <rule>`.
// Exit 0 when the rule holds; an assertion's message otherwise. (Driven by
// tests/web/test_offline_worker_rules.py; the whole path in a real browser is
// tests/browser/test_offline_in_chromium.py.)
"use strict";
const fs = require("fs"), path = require("path"), assert = require("assert");

const store = new Map();  // cache name -> Map(url -> {body, status, headers}), in insertion order
const bare = (u) => { const x = new URL(u); return x.origin + x.pathname; };
const urlOf = (r) => (typeof r === "string" ? r : r.url);
const same = (k, url, opt) => k === url || (opt && opt.ignoreSearch && bare(k) === bare(url));

function cache(m) {
  return {
    async match(r, opt) {
      for (const [k, v] of m) {
        if (same(k, urlOf(r), opt)) { return new Response(v.body, {status: v.status, headers: v.headers}); }
      }
      return undefined;
    },
    async put(r, resp) {
      m.delete(urlOf(r));
      m.set(urlOf(r), {body: await resp.text(), status: resp.status, headers: new Headers(resp.headers)});
    },
    async delete(r, opt) {
      let any = false;
      for (const k of [...m.keys()]) { if (same(k, urlOf(r), opt)) { m.delete(k); any = true; } }
      return any;
    },
    async keys() { return [...m.keys()].map((url) => ({url})); },
  };
}
global.caches = {
  async open(n) { if (!store.has(n)) { store.set(n, new Map()); } return cache(store.get(n)); },
  async keys() { return [...store.keys()]; },
  async delete(n) { return store.delete(n); },
};

function answer(body, status, type) {
  const r = new Response(body, {status, headers: type ? {"Content-Type": type} : {}});
  Object.defineProperty(r, "type", {value: "basic"});
  return r;
}
function gamePage(version) {
  return answer(`<link href="/static/gen/app.css?v=${version}"><script src="/static/gen/app.js?v=` +
                `${version}"></script><p id="kept" data-kept-at=""></p><div id="game" data-version="` +
                `${version}"><a href="/g/other/history">`, 200, "text/html; charset=utf-8");
}
let version = 1, up = true, status = 200;
const asked = [];
global.fetch = async (r) => {
  const url = urlOf(r);
  asked.push(url);
  if (!up) { throw new TypeError("Failed to fetch"); }
  if (url.includes("/static/")) { return answer("file " + new URL(url).search, 200); }
  return status === 200 ? gamePage(version) : answer("error page", status, "text/html");
};

const handlers = {};
global.self = {
  registration: {scope: "http://table.test/g/"}, location: new URL("http://table.test/sw.js"),
  addEventListener(type, f) { handlers[type] = f; }, skipWaiting() {},
  clients: {claim: async () => {}},
};
eval(fs.readFileSync(path.join(__dirname, "..", "..", "static", "sw.js"), "utf8"));

const PAGES = "companion-pages-v1", FILES = "companion-files-v1";
const G = "http://table.test/g/";
const settle = () => new Promise((r) => setTimeout(r, 20));

async function open(url, {method = "GET", mode = "navigate"} = {}) {
  const waits = [];
  let answered = null;
  handlers.fetch({request: {url, method, mode}, waitUntil: (p) => waits.push(p),
                  respondWith: (p) => { answered = p; }});
  let response = null, failed = false;
  if (answered) { try { response = await answered; } catch (e) { failed = true; } }
  await settle(); await Promise.all(waits); await settle(); await Promise.all(waits);
  return {response, failed, handled: answered !== null, text: response ? await response.text() : ""};
}
const kept = () => [...(store.get(PAGES) || new Map()).keys()];
const files = () => [...(store.get(FILES) || new Map()).keys()];

const RULES = {
  async keeps_each_game_page_and_the_files_it_links() {
    await open(G + "play1?lang=it");
    assert.deepEqual(kept(), [G + "play1"]);
    assert.deepEqual(files().sort(), ["http://table.test/static/gen/app.css?v=1",
                                      "http://table.test/static/gen/app.js?v=1"]);
  },
  async leaves_taps_version_checks_and_other_pages_to_the_server() {
    for (const [url, how] of [[G + "play1/v", {mode: "cors"}], [G + "play1/history", {}],
                              [G + "play1/do/sell", {method: "POST", mode: "cors"}],
                              ["http://table.test/", {}], ["http://elsewhere.test/g/x", {}]]) {
      assert.equal((await open(url, how)).handled, false, url);
    }
    assert.deepEqual(kept(), []);
  },
  async offline_a_link_gets_its_own_kept_page_with_the_time_it_was_kept() {
    await open(G + "play1"); version = 2; await open(G + "watch1");
    up = false;
    const play = await open(G + "play1"), watch = await open(G + "watch1");
    assert.match(play.text, /data-kept-at="\d{13}"/);
    assert.match(play.text, /data-version="1"/);
    assert.match(watch.text, /data-version="2"/);
    assert.ok((await open(G + "never1")).failed, "a link never opened gets the browser's error");
    assert.ok((await open(G + "play1", {mode: "cors"})).failed, "the page's own refresh fails");
    // the script the last kept page linked to, whatever the ?v= asked (one copy per file)
    assert.equal((await open("http://table.test/static/gen/app.js?v=1", {mode: "no-cors"})).text,
                 "file ?v=2");
  },
  async the_page_a_script_refresh_gets_is_the_last_view_kept() {
    await open(G + "play1"); version = 5; await open(G + "play1", {mode: "cors"});
    up = false;
    assert.match((await open(G + "play1")).text, /data-version="5"/);
  },
  async a_proxys_gateway_error_shows_the_kept_page_but_the_apps_own_503_does_not() {
    await open(G + "play1");
    for (const [code, shown] of [[502, true], [504, true], [503, false], [404, false]]) {
      status = code;
      const got = await open(G + "play1");
      assert.equal(got.response.status, shown ? 200 : code, String(code));
    }
    status = 502;
    assert.equal((await open(G + "never1")).response.status, 502);
  },
  async a_newer_copy_of_a_file_replaces_the_older() {
    await open(G + "play1"); version = 2; await open(G + "play1");
    assert.deepEqual(files().filter((f) => f.includes("app.js")),
                     ["http://table.test/static/gen/app.js?v=2"]);
  },
  async taking_or_leaving_a_seat_forgets_the_games_kept_page() {
    await open(G + "play1"); await open(G + "play2");
    assert.equal((await open(G + "play1/seat", {method: "POST"})).handled, false);
    await Promise.resolve();
    await settle();
    assert.deepEqual(kept(), [G + "play2"]);
  },
  async at_most_the_last_five_pages_are_kept() {
    for (const link of ["a1", "a2", "a3", "a4", "a5", "a6", "a2"]) { await open(G + link); }
    assert.deepEqual(kept(), ["a3", "a4", "a5", "a6", "a2"].map((l) => G + l));
  },
  async a_page_from_before_the_worker_asks_and_is_kept() {
    const waits = [];
    for (const keep of [G + "first1#p1", "http://table.test/", "http://elsewhere.test/g/x"]) {
      handlers.message({data: {keep}, waitUntil: (p) => waits.push(p)});
    }
    await Promise.all(waits);
    assert.deepEqual(kept(), [G + "first1"]);
    assert.ok(!asked.some((u) => !u.startsWith("http://table.test/")), asked.join(" "));
  },
  async a_new_version_of_the_worker_deletes_the_old_caches() {
    store.set("companion-pages-v0", new Map()); store.set("someone-else", new Map());
    await open(G + "play1");
    const waits = [];
    handlers.activate({waitUntil: (p) => waits.push(p)});
    await Promise.all(waits);
    assert.deepEqual([...store.keys()].sort(), [FILES, PAGES, "someone-else"]);
  },
};

const rule = RULES[process.argv[2]];
if (!rule) { console.error("no such rule: " + process.argv[2]); process.exit(2); }
rule().then(() => process.exit(0), (e) => { console.error(e.message); process.exit(1); });
